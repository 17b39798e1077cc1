/**
 * The session while the /auth page is open (AUTH_PAGE.OPENED … AUTH_PAGE.CLOSED, sent by the route): it runs
 * the page's account forms, clears form errors on each switch of form, confirms a mail's link, and sends a
 * signed-in user on to the page's `redirect` (docs/product.md §2).
 */
import { describe, expect, it } from "vitest";
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from "xstate";
import type { StoredSession } from "#src/api/session-store.ts";
import { accountFormsMachine } from "./account-forms.machine.ts";
import { authMachine, NAVIGATION_DELAY_MS } from "./auth.machine.ts";
import { protectedMachine } from "./protected.machine.ts";

const NOW = Date.UTC(2026, 10, 22, 12);
const SESSION: StoredSession = {
  accessToken: "access",
  refreshToken: "refresh",
  expiresAt: NOW / 1000 + 3600,
  user: { id: "u1", email: "ada@example.com", name: "Ada Lovelace", role: "user" },
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const never = <T = void>() => new Promise<T>(() => {});

function start({ stored = false, telegram = false } = {}) {
  const clock = new SimulatedClock();
  const verified: unknown[] = [];
  let finishTelegram: (session: StoredSession) => void = () => {};
  const machine = authMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => (stored ? SESSION : null)),
      login: fromPromise(async () => SESSION),
      telegramSignIn: fromPromise(
        () =>
          new Promise<StoredSession>((resolve) => {
            finishTelegram = resolve;
          }),
      ),
      refreshSession: fromPromise(() => never<StoredSession>()),
      logout: fromPromise(async (): Promise<void> => {}),
      storagePoller: protectedMachine.provide({ actors: { isSessionStored: fromPromise(async () => true) } }),
      clearStoredSession: fromPromise(async (): Promise<void> => {}),
      accountForms: accountFormsMachine.provide({
        actors: {
          signup: fromPromise(() => never()),
          forgotPassword: fromPromise(() => never()),
          resetPassword: fromPromise(() => never()),
          verifyEmail: fromPromise(async ({ input }) => {
            verified.push(input);
            return never();
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: { now: () => NOW + clock.now(), telegramInitData: telegram ? "auth_date=1&hash=ab" : null },
    clock,
  });
  const navigations: string[] = [];
  actor.on("navigate", (event) => navigations.push(event.href));
  actor.start();
  const forms = () => actor.getSnapshot().children.accountForms as AnyActorRef | undefined;
  return {
    actor,
    clock,
    navigations,
    verified,
    forms,
    finishTelegram: (s: StoredSession) => finishTelegram(s),
  };
}

describe("auth machine: the /auth page", () => {
  it("sends a user who is already signed in on to the page's redirect, once, ~100 ms later", async () => {
    const { actor, clock, navigations } = start({ stored: true });
    await flush();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "login", redirect: "/wallet" });
    clock.increment(NAVIGATION_DELAY_MS - 1);
    expect(navigations).toEqual([]);
    clock.increment(NAVIGATION_DELAY_MS * 10);
    expect(navigations).toEqual(["/wallet"]);
  });

  it("sends a user to /home when the page names no redirect", async () => {
    const { actor, clock, navigations } = start({ stored: true });
    await flush();
    actor.send({ type: "AUTH_PAGE.OPENED" });
    clock.increment(NAVIGATION_DELAY_MS);
    expect(navigations).toEqual(["/home"]);
  });

  it("sends a user whom Telegram signs in while the page is open on to the page's redirect", async () => {
    const { actor, clock, navigations, finishTelegram } = start({ telegram: true });
    actor.send({ type: "AUTH_PAGE.OPENED", redirect: "/tap" });
    await flush();
    expect(actor.getSnapshot().matches("signingInWithTelegram")).toBe(true);
    finishTelegram(SESSION);
    await flush();
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    clock.increment(NAVIGATION_DELAY_MS);
    expect(navigations).toEqual(["/tap"]);
  });

  it("does not navigate when Telegram signs in after the page closed", async () => {
    const { actor, clock, navigations, finishTelegram } = start({ telegram: true });
    actor.send({ type: "AUTH_PAGE.OPENED", redirect: "/tap" });
    actor.send({ type: "AUTH_PAGE.CLOSED" });
    await flush();
    finishTelegram(SESSION);
    await flush();
    clock.increment(NAVIGATION_DELAY_MS * 10);
    expect(navigations).toEqual([]);
  });

  it("navigates once after a login on the page, to the login's redirect", async () => {
    const { actor, clock, navigations } = start();
    await flush();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "login", redirect: "/wallet" });
    actor.send({ type: "LOGIN", email: "ada@example.com", password: "correct horse", redirect: "/wallet" });
    await flush();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "login", redirect: "/wallet" });
    clock.increment(NAVIGATION_DELAY_MS * 10);
    expect(navigations).toEqual(["/wallet"]);
  });

  it("runs the account forms only while the page is open", async () => {
    const { actor, forms } = start();
    await flush();
    expect(forms()).toBeUndefined();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "signup" });
    const opened = forms();
    expect(opened?.getSnapshot().status).toBe("active");
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "forgot" });
    expect(forms()).toBe(opened);
    actor.send({ type: "AUTH_PAGE.CLOSED" });
    expect(forms()).toBeUndefined();
    expect(opened?.getSnapshot().status).toBe("stopped");
  });

  it("clears both machines' form errors on each switch of form, and only then", async () => {
    const { actor, forms } = start();
    await flush();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "login" });
    actor.send({ type: "LOGIN", email: "", password: "" });
    expect(actor.getSnapshot().context.formError).not.toBeNull();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "login", redirect: "/tap" });
    expect(actor.getSnapshot().context.formError).not.toBeNull();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "signup" });
    expect(actor.getSnapshot().context.formError).toBeNull();

    forms()?.send({ type: "FORGOT", email: " " });
    expect(forms()?.getSnapshot().context.formError).not.toBeNull();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "signup", token: "other" });
    expect(forms()?.getSnapshot().context.formError).not.toBeNull();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "forgot" });
    expect(forms()?.getSnapshot().context.formError).toBeNull();
  });

  it("confirms the mail's link when the page opens on it, once", async () => {
    const { actor, forms, verified } = start();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "verify", token: "mail-token" });
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "verify", token: "mail-token" });
    await flush();
    expect(forms()?.getSnapshot().value).toBe("verifyingEmail");
    expect(verified).toEqual([{ token: "mail-token" }]);
  });

  it("confirms nothing on the other forms", async () => {
    const { actor, forms, verified } = start();
    actor.send({ type: "AUTH_PAGE.OPENED", mode: "reset", token: "reset-token" });
    await flush();
    expect(forms()?.getSnapshot().value).toBe("idle");
    expect(verified).toEqual([]);
  });
});
