import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { authMachine } from "#src/machines/auth/auth.machine.ts";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const NOW = Date.UTC(2026, 10, 22);
const stored = {
  accessToken: "access",
  refreshToken: "refresh",
  expiresAt: NOW / 1000 + 3600,
  user: { id: "u1", email: "ada@example.com", name: "Ada Lovelace", role: "user" as const },
};
const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.auth.${state}` });
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const TELEGRAM_INIT_DATA = "auth_date=1&user=%7B%22id%22%3A7%7D&hash=00";
const linkedUser = { ...stored.user, telegram: { username: "ada" } };

/** In a browser; `inTelegram` below is the same model with the Mini App's initData (docs/decisions/031). */
const model: ModelOptions<{ now: () => number; telegramInitData?: string | null }> = {
  input: { now: () => NOW },
  fakeActors: [
    "restoreSession",
    "login",
    "telegramSignIn",
    "linkTelegram",
    "refreshSession",
    "logout",
    "isSessionStored",
    "clearStoredSession",
  ],
  events: [
    { type: "LOGIN", email: "ada@example.com", password: "correct horse" },
    { type: "LOGIN", email: "", password: "" },
    { type: "LOGOUT" },
    { type: "SESSION.LOST" },
    { type: "REDIRECT_IF_SIGNED_IN", to: "/tap" },
    { type: "FORM.CLEAR" },
    { type: "TELEGRAM.LINK" },
    done("restoreSession", stored),
    done("restoreSession", null),
    fail("restoreSession", new Error("corrupt storage")),
    done("login", stored),
    fail("login", { code: "INVALID_CREDENTIALS", message: "Invalid email or password.", status: 401 }),
    done("telegramSignIn", stored),
    fail("telegramSignIn", {
      code: "INVALID_INIT_DATA",
      message: "Telegram could not confirm who you are. Close the app and open it again from the bot.",
      status: 401,
    }),
    done("linkTelegram", linkedUser),
    fail("linkTelegram", { code: "TELEGRAM_TAKEN", message: "Taken.", status: 409 }),
    done("refreshSession", stored),
    fail("refreshSession", { code: "NETWORK_ERROR", message: "offline", status: 0 }),
    fail("refreshSession", { code: "UNAUTHORIZED", message: "revoked", status: 401 }),
    done("isSessionStored", true),
    done("isSessionStored", false),
    done("clearStoredSession"),
    done("logout"),
    fail("logout", { code: "NETWORK_ERROR", message: "offline", status: 0 }),
    after("NAVIGATION_DELAY", "signedOut.redirecting"),
    after("NAVIGATION_DELAY", "signedIn.navigation.pending"),
    after("STORAGE_CHECK_INTERVAL", "signedIn.storageCheck.waiting"),
    after("REFRESH_DELAY", "signedIn.session.active"),
    after("REFRESH_RETRY", "signedIn.session.waitingToRetry"),
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      Boolean(snapshot.context.user),
      snapshot.context.error?.code ?? null,
      Boolean(snapshot.context.formError),
      snapshot.context.pendingNavigation,
      Boolean(snapshot.context.user?.telegram),
    ]),
};
const inTelegram: typeof model = {
  ...model,
  input: { now: () => NOW, telegramInitData: TELEGRAM_INIT_DATA },
};

const sameState = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(Boolean(actual.context.user)).toBe(Boolean(expected.context.user));
  expect(actual.context.error?.code).toBe(expected.context.error?.code);
};

const runs = [
  { where: "in a browser", model, paths: generatePaths(authMachine, model) },
  { where: "in Telegram", model: inTelegram, paths: generatePaths(authMachine, inTelegram) },
];
const cases = runs.flatMap(({ where, model, paths }) =>
  paths.map((path) => [`${where}: ${describePath(path)}`, path, model] as const),
);

describe("auth session machine: generated paths", () => {
  it("reaches every state node", () => {
    const reached = new Set(runs.flatMap(({ paths }) => paths.flatMap((path) => activeStateIds(path.state))));
    expect(allStateIds(authMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it("never signs in with Telegram nor offers linking in a browser", () => {
    const browserPaths = runs[0]!.paths;
    const telegramStates = browserPaths
      .flatMap((path) => activeStateIds(path.state))
      .filter(
        (id) => /elegram/.test(id) && !id.endsWith("telegramLink.idle") && !id.endsWith("telegramLink"),
      );
    expect(telegramStates).toEqual([]);
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
    // Inside Telegram, a restore that finds nothing signs in with the initData, and only there.
    for (const { input } of actorInputs.filter((entry) =>
      ["telegramSignIn", "linkTelegram"].includes(entry.src),
    )) {
      expect(input).toEqual({ initData: TELEGRAM_INIT_DATA });
    }
    if (types.includes("xstate.error.actor.telegramSignIn")) {
      expect(toasts).toContainEqual(expect.objectContaining({ title: TOASTS.telegramFailed }));
    }
    if (types.includes("xstate.done.actor.linkTelegram")) {
      expect(toasts.map((toast) => toast.title)).toContain(TOASTS.telegramLinked);
    }
    // Every navigation leaves as exactly one emitted event per fired navigation timer.
    const navigationTimers = types.filter((type) => type.startsWith("xstate.after.NAVIGATION_DELAY")).length;
    expect(emitted.filter((event) => event.type === "navigate")).toHaveLength(navigationTimers);
  });
});
