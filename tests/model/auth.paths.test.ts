import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { authMachine } from "#src/machines/auth/auth.machine.ts";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import { authModel, TELEGRAM_INIT_DATA } from "./models/auth.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameState = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(Boolean(actual.context.user)).toBe(Boolean(expected.context.user));
  expect(actual.context.error?.code).toBe(expected.context.error?.code);
};

// A person moving through the app in a browser, inside Telegram (docs/decisions/031), and every event
// anywhere (what the app would never send there must change nothing it should not).
const suites = authModel.suites.map((suite) => ({ suite, paths: suitePaths(authModel, suite) }));
const [browser, , anywhere] = suites;
const cases = suites.flatMap(({ suite, paths }) =>
  paths.map((path) => [`${suite.name}: ${describePath(path)}`, path, suite.options] as const),
);

describe("auth session machine: generated paths", () => {
  it("reaches every state node", () => {
    const reached = new Set(cases.flatMap(([, path]) => activeStateIds(path.state)));
    expect(allStateIds(authMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it("never signs in with Telegram in a browser", () => {
    const reached = new Set(
      [browser!, anywhere!].flatMap(({ paths }) => paths.flatMap((path) => activeStateIds(path.state))),
    );
    expect([...reached].filter((id) => /signingInWithTelegram/.test(id))).toEqual([]);
  });

  it.each(cases)("replays %s", async (_name, path, model) => {
    const { snapshot, emitted, actorInputs } = await replayPath(authMachine, path, model, sameState);

    // Invariants that hold at the end of every path.
    const signedIn = snapshot.matches("signedIn");
    expect(snapshot.context.user !== null).toBe(signedIn || snapshot.matches("loggingOut"));
    const types = path.steps.map((step) => step.event.type);
    const toasts = emitted.filter((event) => event.type === "toast");
    if (types.includes("xstate.done.actor.login")) {
      expect(toasts.map((toast) => toast.title)).toContain(TOASTS.loginSuccess);
    }
    if (types.includes("xstate.error.actor.login")) {
      expect(toasts).toContainEqual(
        expect.objectContaining({
          title: TOASTS.loginFailed,
          description: "Invalid email or password. Please try again.",
        }),
      );
    }
    // A login is sent trimmed, and only after the form passed validation.
    for (const { input } of actorInputs.filter((entry) => entry.src === "login")) {
      expect(input).toEqual({ email: "ada@example.com", password: "correct horse" });
    }
    // Inside Telegram, sign-in sends the Mini App's initData, and only there.
    for (const { input } of actorInputs.filter((entry) => entry.src === "telegramSignIn")) {
      expect(input).toEqual({ initData: TELEGRAM_INIT_DATA });
    }
    if (types.includes("xstate.error.actor.telegramSignIn")) {
      expect(toasts).toContainEqual(expect.objectContaining({ title: TOASTS.telegramFailed }));
    }
    // A user the session was told of is the user it holds, while signed in.
    const lastUpdate = path.steps.findLastIndex((step) => step.event.type === "USER.UPDATED");
    if (
      lastUpdate >= 0 &&
      signedIn &&
      !types.slice(lastUpdate).some((type) => /login|SignIn|Session/.test(type))
    ) {
      expect(snapshot.context.user?.telegram).toEqual({ username: "ada" });
    }
    // Every navigation leaves as exactly one emitted event per fired navigation timer.
    const navigationTimers = types.filter((type) => type.startsWith("xstate.after.NAVIGATION_DELAY")).length;
    expect(emitted.filter((event) => event.type === "navigate")).toHaveLength(navigationTimers);
  });
});
