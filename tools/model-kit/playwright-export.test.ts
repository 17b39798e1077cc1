/**
 * The Playwright export: which walk paths a real browser can follow, and what the spec of each says. The
 * specs themselves run in the e2e suite (tests/e2e/generated/), against the real server.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMachine, getNextSnapshot } from "xstate";
import { accountFormsParts } from "../../tests/model/gestures/account-forms.gestures.ts";
import {
  answer,
  click,
  clock,
  fill,
  hold,
  offline,
  online,
  pass,
  press,
  tab,
} from "../../tests/model/gestures/actions.ts";
import { authWalk, loginPart } from "../../tests/model/gestures/auth.gestures.ts";
import { protectedWalk } from "../../tests/model/gestures/protected.gestures.ts";
import { referralWalk } from "../../tests/model/gestures/referral.gestures.ts";
import { tapsWalk } from "../../tests/model/gestures/taps.gestures.ts";
import { findModel } from "../../tests/model/models/index.ts";
import { generatePaths } from "../../tests/model/path-runner.ts";
import { runCli } from "./cli.ts";
import { describeEvent } from "./describe.ts";
import { repositoryRoot } from "./generated-files.ts";
import { actionCode, expectationCode } from "./playwright-code.ts";
import { exportPlaywright } from "./playwright-export.ts";
import { chartOf, type MachineModel } from "./registry.ts";
import { boundedSimplePaths } from "./simple-paths.ts";
import { judgePath } from "./walk-paths.ts";

const taps = exportPlaywright(findModel("taps"), tapsWalk);
const auth = exportPlaywright(findModel("auth"), authWalk);
const signUp = exportPlaywright(findModel("account-forms"), {
  machine: "account-forms",
  parts: accountFormsParts,
});
const titles = (spec: string) =>
  [...spec.matchAll(/^ {2}test\("(.*?)",(?: \{\s*tag: "@core",?\s*\},?)? async/gm)].map((match) => match[1]);

describe("which walk paths a real browser can follow", () => {
  const [part] = tapsWalk.parts;
  const chart = chartOf(findModel("taps"));
  const judged = generatePaths(chart, part!.model).map((path) => ({
    name: path.steps.map((step) => describeEvent(step.event)).join(" → "),
    path,
    judged: judgePath(part!, path, chart),
  }));
  const verdict = (name: string) => judged.find((entry) => entry.name === `xstate.init → ${name}`)?.judged;

  it("follows faults, held answers and timers: the walk holds the calls and owns the clock", () => {
    expect(verdict("xstate.error.actor.loadRewards(NETWORK_ERROR)")).toHaveProperty("steps");
    expect(verdict("TAP")).toHaveProperty("steps");
    expect(verdict("xstate.done.actor.loadRewards → TAP → FLUSH")).toHaveProperty("steps");
    expect(
      verdict(
        "TAP → xstate.error.actor.loadRewards(NETWORK_ERROR) → TAP → xstate.error.actor.sendBatch(NETWORK_ERROR) → xstate.after.BACKOFF.taps.ready.sync.retrying",
      ),
    ).toHaveProperty("steps");
  });
  it("leaves out a timer that real time cannot fire first, and an event marked as no gesture", () => {
    const path = judged.find((entry) => entry.name === "xstate.init → xstate.done.actor.loadRewards → TAP")!;
    // The 30 s deadline asked for while the 6 s debounce still runs: on a real clock the debounce fires first.
    const event = { type: "xstate.after.MAX_SYNC_DELAY.taps.ready.deadline.armed" };
    const state = getNextSnapshot(chart, path.path.state, event);
    const deadline = { ...path.path, state, steps: [...path.path.steps, { event, state }] };
    expect(judgePath(part!, deadline, chart)).toEqual({
      skip: "the MAX_SYNC_DELAY timer, here: on a real clock another timer fires first (the model offers timers in any order)",
    });
    const pushed = {
      ...path.path,
      steps: [path.path.steps[0]!, { event: { type: "STREAM.DOWN" }, state: path.path.steps[0]!.state }],
    };
    expect(judgePath(part!, pushed, chart)).toEqual({
      skip: expect.stringMatching(/^STREAM\.DOWN: pushed by the server's live stream/),
    });
  });
  it("ends a path where the app's own answer takes it, when the part says which answer that is", () => {
    const [storageCheck] = protectedWalk.parts;
    const protectedChart = chartOf(findModel("protected"));
    const [checking] = generatePaths(protectedChart, storageCheck!.model).filter(
      (path) => path.steps.at(-1)?.event.type === "xstate.after.CHECK_INTERVAL.protected.watching",
    );
    // The storage check reads what the gestures left in the storage: nothing touched it, so it is there.
    const judgedCheck = judgePath(storageCheck!, checking!, protectedChart);
    expect("steps" in judgedCheck && judgedCheck.steps.map((step) => step.event)).toEqual([
      { type: "xstate.after.CHECK_INTERVAL.protected.watching" },
      { type: "xstate.done.actor.isSessionStored", output: true },
    ]);
    // Without that word the answer could be any of three, and the path stops before it.
    const unsaid = { ...storageCheck!, answersAtOnce: undefined };
    expect(judgePath(unsaid, checking!, protectedChart)).toEqual({
      skip: "ends while isSessionStored is out: a real answer comes at once",
    });
  });
  it("replays a main model's path on the real clock with that model's own way of telling states apart", () => {
    const referral = findModel("referral");
    const referralChart = chartOf(referral);
    const [card] = referralWalk.parts;
    const { serializeState } = referral.suites[0]!.options;
    // A friend pushed, the card read, a copy, the re-read: the main model keeps no friend count, so its path
    // may carry a state reached another way, which the walk's serializer (it counts friends) tells apart.
    const path = boundedSimplePaths(referralChart, referral.suites[0]!.options, 3).find(
      (candidate) =>
        candidate.steps.map((step) => step.event.type).join(" ") ===
        "xstate.init REFERRAL.UPDATED xstate.done.actor.loadReferrals COPY xstate.after.REREAD_THROTTLE.referral.ready.figures.stale xstate.done.actor.loadReferrals xstate.done.actor.copyText SHARE REFERRAL.UPDATED xstate.after.REREAD_THROTTLE.referral.ready.figures.stale",
    );
    expect(judgePath(card!, path!, referralChart, serializeState)).toHaveProperty("steps");
    expect(judgePath(card!, path!, referralChart)).toEqual({
      skip: "the REREAD_THROTTLE timer, here: on a real clock another timer fires first (the model offers timers in any order)",
    });
  });
  it("still leaves out what a walk that does not hold its calls cannot follow", () => {
    const unheld = { ...part!, gestures: { TAP: part!.gestures.TAP }, before: [] };
    expect(judgePath(unheld, judged.find((entry) => entry.name === "xstate.init → TAP")!.path)).toEqual({
      skip: "TAP while loadRewards is out: the real answer comes first",
    });
  });
});

describe("the faults, time and tabs as Playwright code", () => {
  const SYNC = { method: "POST", path: "/user/*/points" } as const;
  it("holds, answers and passes calls through the spec's held-calls helper", () => {
    expect(actionCode(hold(SYNC), "")).toEqual(['await calls.hold("POST", "/user/*/points");']);
    expect(actionCode(answer(SYNC, "network"), "")).toEqual([
      'await calls.answer("POST", "/user/*/points", "network");',
    ]);
    expect(actionCode(answer(SYNC, { status: 403, code: "ACCOUNT_FROZEN", message: "Paused." }), "")).toEqual(
      [
        'await calls.answer("POST", "/user/*/points", { status: 403, code: "ACCOUNT_FROZEN", message: "Paused." });',
      ],
    );
    expect(actionCode(pass(SYNC, 2), "")).toEqual(['calls.pass("POST", "/user/*/points", 2);']);
  });
  it("goes offline, moves the clock and switches tabs", () => {
    expect(actionCode(offline(), "")).toEqual(["await page.context().setOffline(true);"]);
    expect(actionCode(online(), "")).toEqual(["await page.context().setOffline(false);"]);
    expect(actionCode(clock(6000), "")).toEqual(["await page.clock.runFor(6000);"]);
    expect(actionCode(tab(1, "/tap"), "")).toEqual(['page = await switchTab(tabs, 1, "/tap");']);
  });
  it("installs the clock before the sign-in's first page, and stops it once the walk's page is open", () => {
    const test = taps.spec.slice(
      taps.spec.indexOf("xstate.error.actor.sendBatch(NETWORK_ERROR) → xstate.after.BACKOFF"),
    );
    const body = test.slice(0, test.indexOf("\n  });"));
    expect(body.indexOf("page.clock.install()")).toBeLessThan(body.indexOf("signUpClaimAndLogIn("));
    expect(body.indexOf('calls.hold("GET", "/user/*/points")')).toBeLessThan(
      body.indexOf('page.goto("/tap")'),
    );
    expect(body.indexOf('page.goto("/tap")')).toBeLessThan(body.indexOf("stopClock(page)"));
    expect(body).toContain("await page.clock.runFor(4000);");
    expect(taps.spec).toContain('import { heldCalls, stopClock } from "../held-calls.ts";');
  });
  it("lets a stopped clock run what is due now while it waits for a toast, and only then", () => {
    const toast = { seeIn: { label: "Notifications alt+T" }, text: "Saved" } as const;
    const stopped = expectationCode(toast, "", true);
    expect(stopped).toContain("await page.clock.runFor(0);");
    expect(stopped).toContain('toContainText("Saved", { timeout: 250 })');
    expect(stopped).toContain("}).toPass();");
    expect(expectationCode(toast, "", false)).not.toContain("clock");
    expect(expectationCode({ seeIn: { role: "banner" }, text: "$0.00" }, "", true)).not.toContain("clock");
  });
  it("opens a second tab of the same context for a walk that switches tabs", () => {
    const withTab = {
      machine: "taps",
      parts: [
        { ...tapsWalk.parts[0]!, gestures: { ...tapsWalk.parts[0]!.gestures, TAP: () => [tab(1, "/tap")] } },
      ],
    };
    const spec = exportPlaywright(findModel("taps"), withTab).spec;
    expect(spec).toContain("async ({ page: first, request }) => {");
    expect(spec).toContain("let page = first;");
    expect(spec).toContain('page = await switchTab(tabs, 1, "/tap");');
  });
  it("signs the admin in, runs the part's arrangement and types what it made", () => {
    const admin = {
      machine: "auth",
      parts: [
        {
          ...loginPart,
          start: {
            url: "/admin/users",
            account: "admin" as const,
            arrange: { file: "users", name: "aPlayer" },
          },
          gestures: {
            LOGIN: () => [
              fill("Search by email", { arranged: "email" }),
              press("Escape"),
              click(
                { role: "button", name: "Fund Wallet" },
                { role: "row", nameContains: { arranged: "email" } },
              ),
            ],
          },
        },
      ],
    };
    const spec = exportPlaywright(findModel("auth"), admin).spec;
    expect(spec).toContain('import { adminLogIn } from "../fixtures.ts";');
    expect(spec).toContain('import { aPlayer } from "../arrange/users.ts";');
    expect(spec).toContain(
      "    await adminLogIn(page);\n    const arranged = await aPlayer({ page, request });",
    );
    expect(spec).toContain(".fill(arranged.email);");
    expect(spec).toContain('await page.keyboard.press("Escape");');
    // A row found by what the arrangement made (Playwright's name without `exact`: a part of it, any case).
    expect(spec).toContain('.getByRole("row", { name: arranged.email })');
    expect(spec).not.toContain("signUpAndLogIn");
  });
});

describe("the exported specs", () => {
  it("cover the main user paths: sign up, sign in, a refused sign-in, tap and sync", () => {
    expect(titles(signUp.spec)).toContain(
      'SIGNUP name=\\"Ada\\" email=\\"ada@example.com\\" password=\\"correct horse battery\\" confirmPassword=\\"correct horse battery\\" → xstate.done.actor.signup → xstate.after.NAVIGATION_DELAY.accountForms.redirecting',
    );
    expect(titles(auth.spec)).toEqual(
      expect.arrayContaining([
        'xstate.done.actor.restoreSession(null) → LOGIN email=\\"ada@example.com\\" password=\\"correct horse\\" → xstate.done.actor.login',
        'xstate.done.actor.restoreSession(null) → LOGIN email=\\"ada@example.com\\" password=\\"correct horse\\" → xstate.error.actor.login(INVALID_CREDENTIALS)',
      ]),
    );
    expect(titles(taps.spec)).toContain(
      "xstate.done.actor.loadRewards → TAP → FLUSH → xstate.done.actor.sendBatch",
    );
  });

  it("drive the app with the walks' gestures and check what the person sees", () => {
    const tapAndSync = taps.spec.slice(taps.spec.indexOf("→ TAP → FLUSH → xstate.done.actor.sendBatch"));
    expect(tapAndSync).toContain('page.getByRole("button", { name: "Tap to earn", exact: true }).click()');
    expect(tapAndSync).toContain('getByRole("link", { name: "Home", exact: true })');
    expect(tapAndSync).toContain(".toBe(1);");
    // The refused sign-in types a wrong password; the good one types the test's own account.
    expect(auth.spec).toContain('.fill("not the password")');
    expect(auth.spec).toContain(".fill(account.password)");
    expect(auth.spec).toContain(
      'await expect(page.getByText("Login Failed", { exact: true }).first()).toBeVisible();',
    );
  });

  it("say why each left-out path is left out, and count them", () => {
    // Every taps walk path is followed now that faults, held answers and the clock are gestures.
    expect(taps.tests).toBeGreaterThanOrEqual(100);
    expect(taps.skipped).toBe(0);
    // A completion the app gets by itself at the end of a path is taken too (the stored session cleared), when
    // the model gives it one outcome there; a login that may succeed or be refused is the server's to decide.
    expect(auth.spec).not.toContain("ends while clearStoredSession is out");
    expect(auth.spec).toContain("ends while login is out");
    expect(auth.spec).toContain(
      "xstate.error.actor.refreshSession(UNAUTHORIZED) → xstate.done.actor.clearStoredSession → xstate.after.NAVIGATION_DELAY.auth.signedOut.redirecting",
    );
    // A failure no gesture causes (the server's rate limit on reset links) is still left out, with its reason.
    expect(signUp.skipped).toBeGreaterThan(0);
    expect(signUp.spec).toContain("// Paths left out: a real browser cannot follow them.");
    expect(signUp.spec).toContain("no gesture makes forgotPassword fail");
    expect(signUp.spec).toContain("not exported: the token in its link comes by email");
  });

  it("writes a spec outside the repository too, formatted as the committed one", async () => {
    const folder = mkdtempSync(join(tmpdir(), "model-kit-"));
    const out = join(folder, "achievements.spec.ts");
    try {
      const { output, exitCode } = await runCli(["export", "achievements", "--playwright", "--out", out]);
      expect(exitCode, output).toBe(0);
      expect(output).toContain(`Wrote ${out}:`);
      expect(readFileSync(out, "utf8")).toBe(
        readFileSync(join(repositoryRoot, "tests/e2e/generated/achievements.spec.ts"), "utf8"),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("refuses a machine without a walk, naming where the gestures go", async () => {
    // A throw-away machine: every machine of the app may have a walk by now.
    const noWalk: MachineModel = {
      name: "no-walk-yet",
      file: "src/machines/no-walk-yet.machine.ts",
      machine: createMachine({ id: "noWalkYet", initial: "idle", states: { idle: {} } }),
      suites: [
        {
          name: "nothing to do",
          options: {
            events: [],
            fakeActors: [],
            serializeState: (snapshot) => JSON.stringify(snapshot.value),
          },
          paths: "shortest",
        },
      ],
    };
    const { output, exitCode } = await runCli(["export", "no-walk-yet", "--playwright"], [noWalk]);
    expect(exitCode).toBe(2);
    expect(output).toContain("no-walk-yet has no walk yet");
    expect(output).toContain("tests/model/gestures/");
  });
});
