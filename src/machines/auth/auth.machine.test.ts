import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { StoredSession } from "#src/api/session-store.ts";
import {
  authMachine,
  NAVIGATION_DELAY_MS,
  REFRESH_MARGIN_MS,
  STORAGE_CHECK_INTERVAL_MS,
} from "./auth.machine.ts";
import { TOASTS } from "./auth.messages.ts";
import { protectedMachine } from "./protected.machine.ts";

const NOW = Date.UTC(2026, 10, 22, 12);
const session = (overrides: Partial<StoredSession> = {}): StoredSession => ({
  accessToken: "access-1",
  refreshToken: "refresh-1",
  expiresAt: NOW / 1000 + 3600,
  user: { id: "u1", email: "ada@example.com", name: "Ada Lovelace", role: "user" },
  ...overrides,
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const INIT_DATA = "auth_date=1&user=%7B%22id%22%3A7%7D&hash=ab";

function start(actors: Record<string, unknown> = {}, input: { telegramInitData?: string } = {}) {
  const clock = new SimulatedClock();
  const calls: Array<{ src: string; input: unknown }> = [];
  const record =
    <T>(src: string, answer: (input: unknown) => T | Promise<T>) =>
    ({ input }: { input: unknown }) => {
      calls.push({ src, input });
      return Promise.resolve(answer(input));
    };
  let stored = true;
  const machine = authMachine.provide({
    actors: {
      restoreSession: fromPromise(record("restoreSession", (): StoredSession | null => null)),
      login: fromPromise(record("login", () => session())),
      telegramSignIn: fromPromise(record("telegramSignIn", () => session({ accessToken: "access-tg" }))),
      refreshSession: fromPromise(record("refreshSession", () => session({ accessToken: "access-2" }))),
      logout: fromPromise(record("logout", () => undefined)),
      // The 30 s check is the storage poller child, its probe recorded like the other actors.
      storagePoller: protectedMachine.provide({
        actors: { isSessionStored: fromPromise(record("isSessionStored", () => stored)) },
      }),
      clearStoredSession: fromPromise(record("clearStoredSession", () => undefined)),
      ...(actors as object),
      // The recorders are typed loosely on purpose; the machine checks them at run time.
    } as never,
  });
  const actor = createActor(machine, { input: { now: () => NOW + clock.now(), ...input }, clock });
  const emitted: Array<{ type: string; [key: string]: unknown }> = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  return {
    actor,
    clock,
    calls,
    emitted,
    removeStorage: () => {
      stored = false;
    },
  };
}

describe("auth machine", () => {
  it("starts signed out when nothing is stored", async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it("restores a stored session without navigating anywhere", async () => {
    const { actor, clock, emitted } = start({ restoreSession: fromPromise(async () => session()) });
    await flush();
    expect(actor.getSnapshot().context.user?.email).toBe("ada@example.com");
    clock.increment(NAVIGATION_DELAY_MS * 10);
    expect(emitted.filter((event) => event.type === "navigate")).toEqual([]);
  });

  it("reports a stored session it cannot read as SESSION_RESTORE_ERROR and clears it", async () => {
    const { actor, calls } = start({
      restoreSession: fromPromise(async () => {
        throw new SyntaxError("Unexpected token");
      }),
    });
    await flush();
    await flush();
    expect(actor.getSnapshot().matches("signedOut")).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({
      code: "SESSION_RESTORE_ERROR",
      message: "Failed to restore your session. Please log in again.",
    });
    expect(calls.map((call) => call.src)).toContain("clearStoredSession");
  });

  it("refuses an empty login form with the message of docs/product.md §5 and sends nothing", async () => {
    const { actor, calls } = start();
    await flush();
    actor.send({ type: "LOGIN", email: " ", password: "secret" });
    expect(actor.getSnapshot().context.formError).toBe("Please enter both email and password");
    expect(calls.filter((call) => call.src === "login")).toEqual([]);
  });

  it("logs in, toasts the welcome and navigates to the origin page about 100 ms later", async () => {
    const { actor, clock, emitted, calls } = start();
    await flush();
    actor.send({ type: "LOGIN", email: " ada@example.com ", password: "pw", redirect: "/wallet" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await flush();
    expect(calls.find((call) => call.src === "login")?.input).toEqual({
      email: "ada@example.com",
      password: "pw",
    });
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(emitted).toContainEqual({ type: "toast", tone: "success", title: TOASTS.loginSuccess });
    clock.increment(NAVIGATION_DELAY_MS - 1);
    expect(emitted.some((event) => event.type === "navigate")).toBe(false);
    clock.increment(1);
    expect(emitted.filter((event) => event.type === "navigate")).toEqual([
      { type: "navigate", href: "/wallet" },
    ]);
  });

  it("navigates to /home after a login without an origin", async () => {
    const { actor, clock, emitted } = start();
    await flush();
    actor.send({ type: "LOGIN", email: "ada@example.com", password: "pw" });
    await flush();
    clock.increment(NAVIGATION_DELAY_MS);
    expect(emitted).toContainEqual({ type: "navigate", href: "/home" });
  });

  it.each([
    [
      { code: "INVALID_CREDENTIALS", message: "x", status: 401 },
      "Invalid email or password. Please try again.",
    ],
    [
      { code: "NETWORK_ERROR", message: "x", status: 0 },
      "Network error. Please check your internet connection and try again.",
    ],
    [
      { code: "RATE_LIMITED", message: "Too many failed logins. Try again in 15 minutes.", status: 429 },
      "Too many failed logins. Try again in 15 minutes.",
    ],
  ])("shows a failed login (%o) as Login Failed: %s", async (error, message) => {
    const { actor, emitted } = start({
      login: fromPromise(async () => {
        throw error;
      }),
    });
    await flush();
    actor.send({ type: "LOGIN", email: "ada@example.com", password: "pw" });
    await flush();
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.formError).toBe(message);
    expect(emitted).toContainEqual({
      type: "toast",
      tone: "error",
      title: TOASTS.loginFailed,
      description: message,
    });
  });

  it("refreshes the access token a minute before it expires", async () => {
    const { actor, clock, calls } = start({ restoreSession: fromPromise(async () => session()) });
    await flush();
    clock.increment(3600_000 - REFRESH_MARGIN_MS - 1);
    expect(calls.filter((call) => call.src === "refreshSession")).toEqual([]);
    clock.increment(1);
    await flush();
    expect(calls.filter((call) => call.src === "refreshSession")).toEqual([
      { src: "refreshSession", input: { refreshToken: "refresh-1" } },
    ]);
    expect(actor.getSnapshot().context.session?.accessToken).toBe("access-2");
  });

  it("ends the session with TOKEN_EXPIRED when the refresh token is refused", async () => {
    const { actor, clock } = start({
      restoreSession: fromPromise(async () => session({ expiresAt: NOW / 1000 + 30 })),
      refreshSession: fromPromise(async () => {
        throw { code: "UNAUTHORIZED", message: "revoked", status: 401 };
      }),
    });
    await flush();
    clock.increment(0);
    await flush();
    await flush();
    expect(actor.getSnapshot().matches("signedOut")).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe("TOKEN_EXPIRED");
  });

  it("checks storage every 30 s and signs out, towards /auth, once another tab removed the session", async () => {
    const { actor, clock, emitted, removeStorage, calls } = start({
      restoreSession: fromPromise(async () => session()),
    });
    await flush();
    clock.increment(STORAGE_CHECK_INTERVAL_MS);
    await flush();
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(calls.filter((call) => call.src === "isSessionStored")).toHaveLength(1);
    removeStorage();
    clock.increment(STORAGE_CHECK_INTERVAL_MS);
    await flush();
    await flush();
    expect(actor.getSnapshot().matches("signedOut")).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe("TOKEN_EXPIRED");
    clock.increment(NAVIGATION_DELAY_MS);
    expect(emitted).toContainEqual({ type: "navigate", href: "/auth?mode=login", rememberOrigin: true });
  });

  it("clears the stored session when a call answered 401, and leaves the rest to the storage checks", async () => {
    const { actor, calls, emitted } = start({ restoreSession: fromPromise(async () => session()) });
    await flush();
    actor.send({ type: "SESSION.UNAUTHORIZED" });
    await flush();
    expect(calls.filter((call) => call.src === "clearStoredSession")).toHaveLength(1);
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(emitted).toEqual([]);
    const signedOut = start();
    await flush();
    signedOut.actor.send({ type: "SESSION.UNAUTHORIZED" });
    await flush();
    expect(signedOut.calls.map((call) => call.src)).toEqual(["restoreSession", "clearStoredSession"]);
  });

  it("logs out: revokes the token, forgets the user and goes to / after ~100 ms", async () => {
    const { actor, clock, emitted, calls } = start({ restoreSession: fromPromise(async () => session()) });
    await flush();
    actor.send({ type: "LOGOUT" });
    await flush();
    expect(calls.find((call) => call.src === "logout")?.input).toEqual({ accessToken: "access-1" });
    expect(actor.getSnapshot().context.user).toBeNull();
    clock.increment(NAVIGATION_DELAY_MS);
    expect(emitted).toContainEqual({ type: "navigate", href: "/" });
  });

  it("logs out from the header menu towards /auth in login mode, and says so when the server could not be told", async () => {
    const { actor, clock, emitted } = start({
      restoreSession: fromPromise(async () => session()),
      logout: fromPromise(async () => {
        throw { code: "NETWORK_ERROR", message: "offline", status: 0 };
      }),
    });
    await flush();
    actor.send({ type: "LOGOUT", to: "/auth?mode=login" });
    await flush();
    expect(emitted).toContainEqual({
      type: "toast",
      tone: "error",
      title: "Error",
      description: "Error during logout. Please try again.",
    });
    clock.increment(NAVIGATION_DELAY_MS);
    expect(emitted).toContainEqual({ type: "navigate", href: "/auth?mode=login" });
    expect(actor.getSnapshot().matches("signedOut")).toBe(true);
  });
});

describe("auth machine inside Telegram (docs/decisions/031)", () => {
  const inTelegram = { telegramInitData: INIT_DATA };

  it("signs in with the Mini App's initData when nothing is stored, without a form or a toast", async () => {
    const { actor, calls, emitted } = start({}, inTelegram);
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    await flush();
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(actor.getSnapshot().context.session?.accessToken).toBe("access-tg");
    expect(calls.filter((call) => call.src === "telegramSignIn")).toEqual([
      { src: "telegramSignIn", input: { initData: INIT_DATA } },
    ]);
    expect(emitted.filter((event) => event.type === "toast")).toEqual([]);
  });

  it("stays loading while Telegram's sign-in runs, so guards wait for it", async () => {
    let answer: (value: StoredSession) => void = () => {};
    const { actor } = start(
      { telegramSignIn: fromPromise(() => new Promise<StoredSession>((resolve) => (answer = resolve))) },
      inTelegram,
    );
    await flush();
    expect(actor.getSnapshot().matches("signingInWithTelegram")).toBe(true);
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    answer(session());
    await flush();
    expect(actor.getSnapshot().hasTag("loading")).toBe(false);
  });

  it("keeps a stored session rather than signing in again", async () => {
    const { actor, calls } = start({ restoreSession: fromPromise(async () => session()) }, inTelegram);
    await flush();
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(calls.some((call) => call.src === "telegramSignIn")).toBe(false);
  });

  it("never signs in with Telegram in a browser", async () => {
    const { actor, calls } = start();
    await flush();
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(calls.some((call) => call.src === "telegramSignIn")).toBe(false);
  });

  it("shows why Telegram's sign-in failed above the login form, and says so in a toast", async () => {
    const message = "Telegram could not confirm who you are. Close the app and open it again from the bot.";
    const { actor, emitted } = start(
      {
        telegramSignIn: fromPromise(async () => {
          throw { code: "INVALID_INIT_DATA", message, status: 401 };
        }),
      },
      inTelegram,
    );
    await flush();
    await flush();
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.formError).toBe(message);
    expect(emitted).toContainEqual(
      expect.objectContaining({
        type: "toast",
        tone: "error",
        title: TOASTS.telegramFailed,
        description: message,
      }),
    );
  });

  it("takes the account as a dialog changed it (USER.UPDATED), in its user and its session", async () => {
    const { actor } = start({ restoreSession: fromPromise(async () => session()) });
    await flush();
    const linked = { ...session().user, telegram: { username: "ada_l" } };
    actor.send({ type: "USER.UPDATED", user: linked });
    expect(actor.getSnapshot().context.user).toEqual(linked);
    expect(actor.getSnapshot().context.session?.user).toEqual(linked);
    expect(actor.getSnapshot().matches({ signedIn: { session: "active" } })).toBe(true);
  });

  it("ignores USER.UPDATED while signed out: a late answer never signs anyone in", async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: "USER.UPDATED", user: session().user });
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().matches("signedOut")).toBe(true);
  });
});
