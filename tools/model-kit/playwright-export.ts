/**
 * `npm run model -- export <machine> --playwright`: a runnable Playwright spec with one `test(...)` per
 * path of the machine's walk model, driving the real app through the walk's event-to-gesture map (the one
 * the UI walks perform on jsdom: tests/model/gestures/). Paths a real browser cannot follow are listed at the
 * top of their `describe` with the reason (walk-paths.ts). The specs of the machines with walks live in
 * tests/e2e/generated/, where the e2e suite runs them against the real server.
 */
import type {
  Action,
  Expectation,
  Locator,
  Value,
  Walk,
  WalkPart,
  WalkStep,
} from "../../tests/model/gestures/actions.ts";
import { generatePaths, generateTransitionPaths } from "../../tests/model/path-runner.ts";
import { describeEvent } from "./describe.ts";
import { chartOf, type MachineModel } from "./registry.ts";
import { judgePath } from "./walk-paths.ts";

export const GENERATED_SPECS = "tests/e2e/generated";

const literal = (value: string) => JSON.stringify(value);

function locator(target: Locator, scope = "page"): string {
  if ("role" in target)
    return target.name === undefined
      ? `${scope}.getByRole(${literal(target.role)})`
      : `${scope}.getByRole(${literal(target.role)}, { name: ${literal(target.name)}, exact: true })`;
  if ("text" in target) return `${scope}.getByText(${literal(target.text)}, { exact: true })`;
  return `${scope}.getByLabel(${literal(target.label)}, { exact: true })`;
}

const valueCode = (value: Value) => (typeof value === "string" ? literal(value) : `account.${value.account}`);

function actionCode(action: Action, indent: string): string[] {
  switch (action.do) {
    case "click":
      return [
        `${indent}await ${locator(action.target, action.within ? locator(action.within) : "page")}.click();`,
      ];
    case "fill":
      return [`${indent}await ${locator({ label: action.label })}.fill(${valueCode(action.value)});`];
    case "dispatch":
      return [
        `${indent}await page.evaluate(() => window.dispatchEvent(new Event(${literal(action.event)})));`,
      ];
    case "waitFor":
      return [`${indent}await expect(${locator(action.target)}).toBeVisible();`];
    case "unlessVisible":
      return [
        `${indent}if (!(await ${locator(action.target)}.isVisible())) {`,
        ...action.then.flatMap((inner) => actionCode(inner, `${indent}  `)),
        `${indent}}`,
      ];
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

function expectationCode(expectation: Expectation, indent: string): string {
  if ("see" in expectation)
    return `${indent}await expect(${locator(expectation.see)}.first()).toBeVisible();`;
  if ("seeIn" in expectation)
    return `${indent}await expect(${locator(expectation.seeIn)}).toContainText(${literal(expectation.text)});`;
  if ("url" in expectation)
    return `${indent}await expect(page).toHaveURL(/${escapeRegExp(expectation.url)}$/);`;
  return `${indent}await expect.poll(async () => (await serverPoints(page, request)).totalTaps, { timeout: 20_000 }).toBe(${expectation.serverTotalTaps});`;
}

function testCode(part: WalkPart, title: string, steps: WalkStep[]): string[] {
  const indent = "    ";
  const body: string[] = [`${indent}await page.goto(${literal(part.start.url)});`];
  steps.forEach((step, index) => {
    const gesture = part.gestures[step.event.type] as
      | ((event: unknown, next: unknown) => Action[])
      | undefined;
    const how = part.causedFailures?.[step.event.type]?.how;
    const note = gesture
      ? ""
      : how
        ? ` (${how})`
        : step.event.type.startsWith("xstate.after.")
          ? " (the app's own timer)"
          : " (the app gets the answer by itself)";
    body.push(`${indent}// ${index + 1}. ${describeEvent(step.event)}${note}`);
    if (gesture)
      body.push(
        ...gesture(step.event, steps[index + 1]?.event).flatMap((action) => actionCode(action, indent)),
      );
    for (const expectation of part.after?.(step) ?? []) body.push(expectationCode(expectation, indent));
  });
  const leaf = steps.at(-1)?.state;
  const atEnd = leaf
    ? part.atEnd(
        leaf,
        steps.map((step) => step.event),
      )
    : [];
  if (atEnd.length > 0) body.push(`${indent}// What the person sees at the end`);
  for (const expectation of atEnd) body.push(expectationCode(expectation, indent));

  const uses = body.join("\n").includes("account.");
  const accountFirst = steps.some((step) => part.causedFailures?.[step.event.type]?.accountFirst);
  const start = part.start.account === "none" && accountFirst ? "signedUp" : part.start.account;
  const arrange: string[] = [];
  if (start === "signedIn")
    arrange.push(`${indent}${uses ? "const account = " : ""}await signUpAndLogIn(page, request);`);
  else if (start === "signedUp" || uses) {
    arrange.push(`${indent}const account = newUser("Ada");`);
    if (start === "signedUp")
      arrange.push(
        `${indent}await signUpViaApi(request, account);${accountFirst ? " // so the sign-up is refused" : ""}`,
      );
  }
  const fixtures = [...arrange, ...body].join("\n").includes("request") ? "{ page, request }" : "{ page }";
  return [`  test(${literal(title)}, async (${fixtures}) => {`, ...arrange, ...body, "  });"];
}

export interface ExportedSpec {
  spec: string;
  tests: number;
  skipped: number;
}

export function exportPlaywright(model: MachineModel, walk: Walk): ExportedSpec {
  const chart = chartOf(model);
  const body: string[] = [];
  let tests = 0;
  let skipped = 0;
  for (const part of walk.parts) {
    if (part.notExported) {
      body.push("", `// ${part.name}: not exported: ${part.notExported}.`);
      continue;
    }
    const paths =
      (part.paths ?? "transitions") === "shortest"
        ? generatePaths(chart, part.model)
        : generateTransitionPaths(chart, part.model);
    const exported: string[][] = [];
    const skips = new Map<string, string[]>();
    const titles = new Set<string>();
    for (const path of paths) {
      const judged = judgePath(part, path);
      const events = path.steps
        .filter((step) => step.event.type !== "xstate.init")
        .map((step) => describeEvent(step.event));
      const name = events.join(" → ") || "(the page as it opens)";
      if ("skip" in judged) {
        skips.set(judged.skip, [...(skips.get(judged.skip) ?? []), name]);
        skipped += 1;
        continue;
      }
      let title = name;
      for (let n = 2; titles.has(title); n += 1) title = `${name} (${n})`;
      titles.add(title);
      exported.push(testCode(part, title, judged.steps));
      tests += 1;
    }
    body.push("", `test.describe(${literal(part.name)}, () => {`);
    if (skips.size > 0) {
      body.push("  // Paths left out: a real browser cannot follow them.");
      for (const [reason, names] of skips) {
        body.push(`  // - ${reason}:`);
        for (const name of names) body.push(`  //     ${name}`);
      }
    }
    for (const code of exported) body.push("", ...code);
    body.push("});");
  }
  const code = body.join("\n");
  const fixtures = ["newUser", "serverPoints", "signUpAndLogIn", "signUpViaApi"].filter((name) =>
    code.includes(`${name}(`),
  );
  const spec = [
    `// Generated by \`npm run model -- export ${model.name} --playwright\` from the ${model.name} machine's walk`,
    "// model and event-to-gesture map (tests/model/gestures/), the ones the UI walks use: one test per path.",
    "// Do not edit: `npm run check` fails when this file differs from what the exporter writes",
    "// (`npm run model -- export --all --playwright --write` regenerates it; docs/decisions/029-model-kit.md).",
    'import { expect, test } from "@playwright/test";',
    ...(fixtures.length > 0 ? [`import { ${fixtures.join(", ")} } from "../fixtures.ts";`] : []),
    ...body,
    "",
  ].join("\n");
  return { spec, tests, skipped };
}
