/**
 * The Playwright export: which walk paths a real browser can follow, and what the spec of each says. The
 * specs themselves run in the e2e suite (tests/e2e/generated/), against the real server.
 */
import { describe, expect, it } from "vitest";
import { accountFormsParts } from "../../tests/model/gestures/account-forms.gestures.ts";
import { authWalk } from "../../tests/model/gestures/auth.gestures.ts";
import { tapsWalk } from "../../tests/model/gestures/taps.gestures.ts";
import { findModel } from "../../tests/model/models/index.ts";
import { generatePaths } from "../../tests/model/path-runner.ts";
import { runCli } from "./cli.ts";
import { describeEvent } from "./describe.ts";
import { exportPlaywright } from "./playwright-export.ts";
import { chartOf } from "./registry.ts";
import { judgePath } from "./walk-paths.ts";

const taps = exportPlaywright(findModel("taps"), tapsWalk);
const auth = exportPlaywright(findModel("auth"), authWalk);
const signUp = exportPlaywright(findModel("account-forms"), {
  machine: "account-forms",
  parts: accountFormsParts,
});
const titles = (spec: string) => [...spec.matchAll(/^ {2}test\("(.*)", async/gm)].map((match) => match[1]);

describe("which walk paths a real browser can follow", () => {
  const [part] = tapsWalk.parts;
  const judged = generatePaths(chartOf(findModel("taps")), part!.model).map((path) => ({
    name: path.steps.map((step) => describeEvent(step.event)).join(" → "),
    judged: judgePath(part!, path),
  }));
  const verdict = (name: string) => judged.find((entry) => entry.name === `xstate.init → ${name}`)?.judged;

  it("follows a tap synced on leaving the page, the server answering by itself", () => {
    expect(
      verdict("xstate.done.actor.loadRewards → TAP → FLUSH → xstate.done.actor.sendBatch"),
    ).toHaveProperty("steps");
  });
  it("leaves out a network failure, a gesture while a call is out, and an end while one is out", () => {
    expect(verdict("xstate.error.actor.loadRewards(NETWORK_ERROR)")).toEqual({
      skip: "xstate.error.actor.loadRewards(NETWORK_ERROR): no gesture makes loadRewards fail",
    });
    expect(verdict("TAP")).toEqual({ skip: "TAP while loadRewards is out: the real answer comes first" });
    expect(verdict("xstate.done.actor.loadRewards → TAP → FLUSH")).toEqual({
      skip: "ends while sendBatch is out: a real answer comes at once",
    });
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
    expect(taps.tests).toBeGreaterThanOrEqual(5);
    expect(taps.skipped).toBeGreaterThan(0);
    expect(taps.spec).toContain(
      "// - xstate.error.actor.sendBatch(NETWORK_ERROR): no gesture makes sendBatch fail:",
    );
    expect(signUp.spec).toContain("not exported: the token in its link comes by email");
  });

  it("refuses a machine without a walk, naming where the gestures go", async () => {
    const { output, exitCode } = await runCli(["export", "streak", "--playwright"]);
    expect(exitCode).toBe(2);
    expect(output).toContain("tests/model/gestures/");
  });
});
