/** A closed account (docs/fair-play.md): every way the session learns of a ban ends on the login page's words. */
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { ACCOUNT_BANNED_MESSAGE } from "#contracts/fair-play-rules.ts";
import type { StoredSession } from "#src/api/session-store.ts";
import { authMachine, NAVIGATION_DELAY_MS } from "./auth.machine.ts";
import { TOASTS } from "./auth.messages.ts";
import { toSessionView } from "./auth.view.ts";
import { protectedMachine } from "./protected.machine.ts";

const NOW = Date.UTC(2026, 10, 22, 12);
const BANNED = { code: "ACCOUNT_BANNED", message: ACCOUNT_BANNED_MESSAGE, status: 403 };
const session = (expiresIn = 3600): StoredSession => ({
  accessToken: "access-1",
  refreshToken: "refresh-1",
  expiresAt: NOW / 1000 + expiresIn,
  user: { id: "u1", email: "ada@example.com", name: "Ada Lovelace", role: "user" },
});
const flush = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const refused = () =>
  fromPromise<never>(async () => {
    throw BANNED;
  });

function start(actors: Record<string, unknown>) {
  const clock = new SimulatedClock();
  const machine = authMachine.provide({
    actors: {
      restoreSession: fromPromise(async (): Promise<StoredSession | null> => null),
      login: fromPromise(async () => session()),
      refreshSession: fromPromise(async () => session()),
      logout: fromPromise(async () => undefined),
      storagePoller: protectedMachine.provide({ actors: { isSessionStored: fromPromise(async () => true) } }),
      clearStoredSession: fromPromise(async () => undefined),
      ...actors,
    } as never,
  });
  const actor = createActor(machine, { input: { now: () => NOW + clock.now() }, clock });
  const emitted: Array<{ type: string; [key: string]: unknown }> = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  const navigations = () => emitted.filter((event) => event.type === "navigate").map((event) => event.href);
  const formError = () => toSessionView(actor.getSnapshot()).formError;
  return { actor, clock, emitted, navigations, formError };
}

describe("auth machine: a closed account", () => {
  it("signs out at the stream's `session` event (reason banned) and the login page says the account is closed", async () => {
    const { actor, clock, navigations, formError } = start({
      restoreSession: fromPromise(async () => session()),
    });
    await flush();
    actor.send({ type: "SESSION.LOST", reason: "banned" });
    await flush();
    clock.increment(NAVIGATION_DELAY_MS);
    expect(actor.getSnapshot().matches("signedOut")).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(navigations()).toEqual(["/auth?mode=login"]);
    expect(formError()).toBe(ACCOUNT_BANNED_MESSAGE);
    // The page opening (the route) does not wipe it.
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "login" });
    expect(formError()).toBe(ACCOUNT_BANNED_MESSAGE);
    // A new try makes way for its own outcome.
    actor.send({ type: "LOGIN", email: "grace@example.com", password: "password1" });
    expect(formError()).toBeNull();
  });

  it("any other revoked session is an expired one, as before", async () => {
    const { actor, formError } = start({ restoreSession: fromPromise(async () => session()) });
    await flush();
    actor.send({ type: "SESSION.LOST", reason: "logout" });
    await flush();
    expect(actor.getSnapshot().context.error?.code).toBe("TOKEN_EXPIRED");
    expect(formError()).toBeNull();
  });

  it("a refresh answered 403 ACCOUNT_BANNED signs out with the same words", async () => {
    const { actor, clock, formError } = start({
      restoreSession: fromPromise(async () => session(30)),
      refreshSession: refused(),
    });
    await flush();
    clock.increment(0);
    await flush();
    expect(actor.getSnapshot().matches("signedOut")).toBe(true);
    expect(formError()).toBe(ACCOUNT_BANNED_MESSAGE);
  });

  it("a restore whose refresh is refused so says so too, not that the session could not be restored", async () => {
    const { actor, formError } = start({ restoreSession: refused() });
    await flush();
    expect(actor.getSnapshot().matches("signedOut")).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe("ACCOUNT_BANNED");
    expect(formError()).toBe(ACCOUNT_BANNED_MESSAGE);
  });

  it("a login answered 403 ACCOUNT_BANNED shows the words on the form and in the toast", async () => {
    const { actor, emitted, formError } = start({ login: refused() });
    await flush();
    actor.send({ type: "LOGIN", email: "ada@example.com", password: "password1" });
    await flush();
    expect(formError()).toBe(ACCOUNT_BANNED_MESSAGE);
    expect(emitted).toContainEqual({
      type: "toast",
      tone: "error",
      title: TOASTS.loginFailed,
      description: ACCOUNT_BANNED_MESSAGE,
    });
  });

  it("a Telegram sign-in answered 403 ACCOUNT_BANNED shows the words above the login form", async () => {
    const clock = new SimulatedClock();
    const machine = authMachine.provide({
      actors: {
        restoreSession: fromPromise(async (): Promise<StoredSession | null> => null),
        telegramSignIn: refused(),
        clearStoredSession: fromPromise(async () => undefined),
      } as never,
    });
    const actor = createActor(machine, { input: { now: () => NOW, telegramInitData: "hash=ab" }, clock });
    actor.start();
    await flush();
    expect(toSessionView(actor.getSnapshot()).formError).toBe(ACCOUNT_BANNED_MESSAGE);
  });
});
