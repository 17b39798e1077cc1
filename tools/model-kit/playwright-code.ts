/**
 * The gestures and expectations of a walk (tests/model/gestures/actions.ts) as Playwright code: what the
 * exporter (playwright-export.ts) writes into each test of tests/e2e/generated/. The helpers the code calls
 * live in tests/e2e/held-calls.ts and tests/e2e/fixtures.ts.
 */
import type { Action, Expectation, Locator, Outcome, Value } from "../../tests/model/gestures/actions.ts";

export const literal = (value: string) => JSON.stringify(value);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

const valueCode = (value: Value) =>
  typeof value === "string"
    ? literal(value)
    : "account" in value
      ? `account.${value.account}`
      : /^[A-Za-z_$][\w$]*$/.test(value.arranged)
        ? `arranged.${value.arranged}`
        : `arranged[${literal(value.arranged)}]`;

export function locator(target: Locator, scope = "page"): string {
  if ("namePrefix" in target)
    return `${scope}.getByRole(${literal(target.role)}, { name: /^${escapeRegExp(target.namePrefix)}/ })`;
  if ("nameContains" in target)
    return `${scope}.getByRole(${literal(target.role)}, { name: ${valueCode(target.nameContains)} })`;
  if ("role" in target)
    return target.name === undefined
      ? `${scope}.getByRole(${literal(target.role)})`
      : `${scope}.getByRole(${literal(target.role)}, { name: ${literal(target.name)}, exact: true })`;
  if ("text" in target) return `${scope}.getByText(${literal(target.text)}, { exact: true })`;
  return `${scope}.getByLabel(${literal(target.label)}, { exact: true })`;
}

const outcomeCode = (outcome: Outcome) =>
  typeof outcome === "string"
    ? literal(outcome)
    : `{ status: ${outcome.status}, code: ${literal(outcome.code)}, message: ${literal(outcome.message)} }`;

export function actionCode(action: Action, indent: string): string[] {
  switch (action.do) {
    case "click":
      return [
        `${indent}await ${locator(action.target, action.within ? locator(action.within) : "page")}.click();`,
      ];
    case "fill":
      return [
        `${indent}await ${locator({ label: action.label }, action.within ? locator(action.within) : "page")}.fill(${valueCode(action.value)});`,
      ];
    case "select":
      return [`${indent}await ${locator(action.target)}.selectOption(${literal(action.value)});`];
    case "dispatch":
      return [
        `${indent}await page.evaluate(() => window.dispatchEvent(new Event(${literal(action.event)})));`,
      ];
    case "press":
      return [`${indent}await page.keyboard.press(${literal(action.key)});`];
    case "waitFor":
      // Waiting for something to show is done when one match shows (a balance in the header and a card).
      return [`${indent}await expect(${locator(action.target)}.first()).toBeVisible();`];
    case "unlessVisible":
      return [
        `${indent}if (!(await ${locator(action.target)}.isVisible())) {`,
        ...action.then.flatMap((inner) => actionCode(inner, `${indent}  `)),
        `${indent}}`,
      ];
    case "hold":
      return [`${indent}await calls.hold(${literal(action.call.method)}, ${literal(action.call.path)});`];
    case "answer":
      return [
        `${indent}await calls.answer(${literal(action.call.method)}, ${literal(action.call.path)}, ${outcomeCode(action.with)});`,
      ];
    case "pass":
      return [
        `${indent}calls.pass(${literal(action.call.method)}, ${literal(action.call.path)}, ${action.count});`,
      ];
    case "offline":
      return [`${indent}await page.context().setOffline(true);`];
    case "online":
      return [`${indent}await page.context().setOffline(false);`];
    case "clock":
      return [`${indent}await page.clock.runFor(${action.ms});`];
    case "toDayEnd":
      // fastForward: a jump of hours fires each timer due once, not every tick of every interval on the way.
      return [
        `${indent}await page.clock.fastForward(`,
        `${indent}  await page.evaluate((offset) => 86_400_000 - (Date.now() % 86_400_000) + offset, ${action.offsetMs}),`,
        `${indent});`,
      ];
    case "forget":
      return [`${indent}await page.evaluate((key) => localStorage.removeItem(key), ${literal(action.key)});`];
    case "blockStorage":
      return [
        `${indent}await page.evaluate(() => {`,
        `${indent}  Storage.prototype.getItem = () => {`,
        `${indent}    throw new DOMException("The site's storage is blocked.", "SecurityError");`,
        `${indent}  };`,
        `${indent}});`,
      ];
    case "hide":
      return [
        `${indent}await page.evaluate(() => {`,
        `${indent}  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });`,
        `${indent}  document.dispatchEvent(new Event("visibilitychange"));`,
        `${indent}});`,
      ];
    case "tapElsewhere":
      return [`${indent}await tapElsewhere(page, request, ${action.taps});`];
    case "logOutElsewhere":
      return [
        `${indent}await logOutElsewhere(page, request${action.who ? `, ${literal(action.who)}` : ""});`,
      ];
    case "appealElsewhere":
      return [`${indent}await appealElsewhere(page, request, ${literal(action.message)});`];
    case "decideElsewhere":
      return [`${indent}await decideElsewhere(page, request, ${literal(action.action)});`];
    case "buyBoosterElsewhere":
      return [`${indent}await buyBoosterElsewhere(page, request, ${literal(action.boosterId)});`];
    case "adminActsElsewhere":
      return [`${indent}await adminActsElsewhere(page, request);`];
    case "withdrawalsSettled":
      return [`${indent}await withdrawalsSettled(page, request);`];
    case "playerFlaggedElsewhere":
      return [`${indent}await playerFlaggedElsewhere(page, request);`];
    case "friendSignsUp":
      return [`${indent}await friendSignsUpWith(page, request, ${literal(action.name)});`];
    case "fundElsewhere":
      return [`${indent}await fundElsewhere(page, request, ${action.amount});`];
    case "liveStreamUp":
      return [`${indent}await liveStreamUp(page);`];
    case "dropStream":
      return [`${indent}await dropStream(page);`];
    case "restoreStream":
      return [`${indent}await restoreStream(page);`];
    case "resetStream":
      return [`${indent}await resetStream(page);`];
    case "decideOnAccountElsewhere":
      return [
        `${indent}await decideOnAccountElsewhere(page, request, ${valueCode(action.account)}, ${literal(action.action)});`,
      ];
    case "approveElsewhere":
      return [`${indent}await approveElsewhere(page, request, ${valueCode(action.withdrawal)});`];
    case "recordFrames":
      return [`${indent}await recordFrames(page);`];
    case "multiplierSetElsewhere":
      return [`${indent}await multiplierSetElsewhere(page, request, ${action.multiplier});`];
    case "shareSheet":
      return [`${indent}await installShareSheet(page);`];
    case "closeShareSheet":
      return [`${indent}await closeShareSheet(page, ${literal(action.outcome)});`];
    case "refuseClipboard":
      return [`${indent}await refuseClipboard(page);`];
    case "asked":
      return [
        `${indent}await calls.asked(${literal(action.call.method)}, ${literal(action.call.path)}, ${action.count});`,
      ];
    case "closeTab":
      return [`${indent}await closeTab(tabs, ${action.index});`];
    case "tab":
      return [
        `${indent}page = await switchTab(tabs, ${action.index}${action.url ? `, ${literal(action.url)}` : ""});`,
      ];
  }
}

/** Sonner's toaster, by its label: what the gestures' `{ label }` locators name it. */
const TOASTER_LABEL = "Notifications alt+T";

/**
 * `clockStopped`: the test owns the page's clock and has stopped it. Sonner mounts a toast on a zero-delay
 * timer, which a stopped clock never fires by itself, so a toast is waited for while the clock runs the timers
 * that are due now (it never moves time on: no timer of the app's fires early).
 */
export function expectationCode(expectation: Expectation, indent: string, clockStopped = false): string {
  if ("see" in expectation)
    return `${indent}await expect(${locator(expectation.see)}.first()).toBeVisible();`;
  if (
    "seeIn" in expectation &&
    clockStopped &&
    "label" in expectation.seeIn &&
    expectation.seeIn.label === TOASTER_LABEL
  )
    return [
      `${indent}await expect(async () => {`,
      `${indent}  await page.clock.runFor(0);`,
      `${indent}  await expect(${locator(expectation.seeIn)}).toContainText(${literal(expectation.text)}, { timeout: 250 });`,
      `${indent}}).toPass();`,
    ].join("\n");
  if ("seeIn" in expectation)
    return `${indent}await expect(${locator(expectation.seeIn)}).toContainText(${literal(expectation.text)});`;
  if ("field" in expectation)
    return `${indent}await expect(${locator({ label: expectation.field })}).toHaveValue(${literal(expectation.value)});`;
  if ("enabled" in expectation)
    return `${indent}await expect(${locator(expectation.enabled)}.first()).${expectation.is ? "toBeEnabled" : "toBeDisabled"}();`;
  if ("url" in expectation)
    return `${indent}await expect(page).toHaveURL(/${escapeRegExp(expectation.url)}$/);`;
  if ("storedPendingTaps" in expectation)
    return `${indent}await expect.poll(() => page.evaluate(storedPendingTaps)).toBe(${expectation.storedPendingTaps});`;
  return `${indent}await expect.poll(async () => (await serverPoints(page, request)).totalTaps, { timeout: 20_000 }).toBe(${expectation.serverTotalTaps});`;
}
