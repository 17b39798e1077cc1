import { beforeEach, describe, expect, it } from "vitest";
import { type AnyActorLogic, type AnyActorRef, createActor, toPromise } from "xstate";
import type { AuthApi, LoginAnswer } from "#src/api/auth.ts";
import type { ApiResult } from "#src/api/errors.ts";
import { createSessionStore, type StoredSession } from "#src/api/session-store.ts";
import { STORAGE_KEYS } from "#src/api/storage-keys.ts";
import { createAuthActors, type WithLock } from "./auth.actors.ts";

const NOW = Date.UTC(2026, 10, 22);
const answer = (token = "access-1"): LoginAnswer => ({
  session: {
    access_token: token,
    refresh_token: `refresh-of-${token}`,
    expires_at: NOW / 1000 + 3600,
    token_type: "bearer",
  },
  user: { id: "11111111-1111-4111-8111-111111111111", email: "ada@example.com", name: "Ada", role: "user" },
});
const ok = <T>(data: T): Promise<ApiResult<T>> => Promise.resolve({ data, error: null });

function fakeApi(overrides: Partial<AuthApi> = {}): AuthApi {
  return {
    login: () => ok(answer()),
    signup: () =>
      ok({ success: true as const, user: { id: answer().user.id, email: "ada@example.com", name: "Ada" } }),
    forgotPassword: () => ok({ success: true as const }),
    resetPassword: () => ok({ success: true as const }),
    verifyEmail: () => ok({ success: true as const }),
    refresh: () => ok(answer("access-2")),
    logout: () => ok(null),
    me: () => ok({ user: { ...answer().user, trc20_address: null } }),
    telegram: () => ok(answer()),
    linkTelegram: () => ok({ user: { ...answer().user, telegram: { username: "ada" } } }),
    unlinkTelegram: () => ok({ user: answer().user }),
    ...overrides,
  };
}

const run = <T>(logic: AnyActorLogic, input?: unknown) =>
  toPromise(createActor(logic, { input }).start() as AnyActorRef) as Promise<T>;

beforeEach(() => localStorage.clear());

describe("auth actors", () => {
  it("links and unlinks Telegram with the password, and the stored user follows each answer", async () => {
    const sent: Array<[string, unknown]> = [];
    const actors = createAuthActors({
      auth: fakeApi({
        linkTelegram: (body) => {
          sent.push(["link", body]);
          return ok({ user: { ...answer().user, telegram: { username: "ada" } } });
        },
        unlinkTelegram: (body) => {
          sent.push(["unlink", body]);
          return ok({ user: answer().user });
        },
      }),
      store: createSessionStore(localStorage),
      now: () => NOW,
    });
    await run(actors.login, { email: "ada@example.com", password: "pw" });
    const storedUser = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!);

    const linked = await run(actors.changeTelegramLink, {
      change: "link",
      initData: "signed",
      password: "pw",
    });
    expect(linked).toMatchObject({ telegram: { username: "ada" } });
    expect(storedUser()).toMatchObject({ telegram: { username: "ada" } });

    const unlinked = await run<Record<string, unknown>>(actors.changeTelegramLink, {
      change: "unlink",
      initData: "",
      password: "pw",
    });
    expect(unlinked).not.toHaveProperty("telegram");
    expect(storedUser()).not.toHaveProperty("telegram");
    expect(storedUser()).toMatchObject({ email: "ada@example.com" });
    expect(sent).toEqual([
      ["link", { initData: "signed", password: "pw" }],
      ["unlink", { password: "pw" }],
    ]);
  });

  it("login stores auth_token, user_data and the refresh token", async () => {
    const actors = createAuthActors({
      auth: fakeApi(),
      store: createSessionStore(localStorage),
      now: () => NOW,
    });
    await run(actors.login, { email: "ada@example.com", password: "pw" });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe("access-1");
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!)).toMatchObject({
      email: "ada@example.com",
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.authSession)!)).toMatchObject({
      refresh_token: "refresh-of-access-1",
    });
  });

  it.each([
    ["no data", null, "NO_DATA_ERROR"],
    [
      "no access token",
      { ...answer(), session: { ...answer().session, access_token: "" } },
      "INVALID_LOGIN_RESPONSE",
    ],
    ["no user id", { ...answer(), user: { ...answer().user, id: "" } }, "INVALID_LOGIN_RESPONSE"],
  ])("rejects a login answer with %s as %s and stores nothing", async (_name, data, code) => {
    const actors = createAuthActors({
      auth: fakeApi({ login: () => ok(data as LoginAnswer) }),
      store: createSessionStore(localStorage),
      now: () => NOW,
    });
    await expect(run(actors.login, { email: "a@b.c", password: "pw" })).rejects.toMatchObject({ code });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it("reports a browser that refuses to store as STORAGE_ERROR", async () => {
    const full = {
      ...localStorage,
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
    } as unknown as Storage;
    const actors = createAuthActors({ auth: fakeApi(), store: createSessionStore(full), now: () => NOW });
    await expect(run(actors.login, { email: "a@b.c", password: "pw" })).rejects.toEqual({
      code: "STORAGE_ERROR",
      message: "Error saving your session. Please try again.",
    });
  });

  it("restores a live session as stored, and refreshes an expired one", async () => {
    const store = createSessionStore(localStorage);
    store.write(answer());
    const live = createAuthActors({ auth: fakeApi(), store, now: () => NOW });
    expect(await run(live.restoreSession)).toMatchObject({ accessToken: "access-1" });

    const later = createAuthActors({ auth: fakeApi(), store, now: () => NOW + 2 * 3600_000 });
    expect(await run(later.restoreSession)).toMatchObject({ accessToken: "access-2" });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe("access-2");
  });

  it("fails to restore half a stored session", async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, "only-the-token");
    const actors = createAuthActors({
      auth: fakeApi(),
      store: createSessionStore(localStorage),
      now: () => NOW,
    });
    await expect(run(actors.restoreSession)).rejects.toBeInstanceOf(Error);
  });

  it("logout clears storage first and treats a 401 as already logged out", async () => {
    const store = createSessionStore(localStorage);
    store.write(answer());
    const actors = createAuthActors({
      auth: fakeApi({
        logout: () =>
          Promise.resolve({ data: null, error: { code: "UNAUTHORIZED", message: "x", status: 401 } }),
      }),
      store,
      now: () => NOW,
    });
    await run(actors.logout, { accessToken: "access-1" });
    expect(store.isPresent()).toBe(false);
  });

  it("counts a sign-up only when the answer says success: true", async () => {
    const actors = createAuthActors({
      auth: fakeApi({ signup: () => ok({ success: false } as never) }),
      store: createSessionStore(localStorage),
      now: () => NOW,
    });
    await expect(
      run(actors.signup, { name: "A", email: "a@b.c", password: "password1" }),
    ).rejects.toMatchObject({
      code: "NO_DATA_ERROR",
    });
  });

  it("shares one refresh between tabs: a tab that waited for the lock takes the session the other renewed", async () => {
    const store = createSessionStore(localStorage);
    store.write({
      ...answer("access-1"),
      session: { ...answer("access-1").session, expires_at: NOW / 1000 },
    });
    let calls = 0;
    const auth = fakeApi({
      refresh: async (body) => {
        calls += 1;
        // The server rotates: only the first use of a refresh token is a plain success.
        expect(body.refresh_token).toBe("refresh-of-access-1");
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { data: answer(`access-${calls + 1}`), error: null };
      },
    });
    let queue = Promise.resolve();
    const serialised: WithLock = (_name, task) => {
      const run = queue.then(task);
      queue = run.then(
        () => {},
        () => {},
      );
      return run;
    };
    const tabA = createAuthActors({ auth, store, now: () => NOW, withLock: serialised });
    const tabB = createAuthActors({ auth, store, now: () => NOW, withLock: serialised });
    const [a, b] = await Promise.all([
      run<StoredSession>(tabA.refreshSession, { refreshToken: "refresh-of-access-1" }),
      run<StoredSession>(tabB.refreshSession, { refreshToken: "refresh-of-access-1" }),
    ]);
    expect(calls).toBe(1);
    expect(a.accessToken).toBe("access-2");
    expect(b.accessToken).toBe("access-2");
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe("access-2");
  });

  it("without a lock both tabs would spend the same refresh token (what the lock prevents)", async () => {
    const store = createSessionStore(localStorage);
    store.write(answer("access-1"));
    let calls = 0;
    const auth = fakeApi({
      refresh: async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { data: answer(`access-${calls + 1}`), error: null };
      },
    });
    const tabA = createAuthActors({ auth, store, now: () => NOW });
    const tabB = createAuthActors({ auth, store, now: () => NOW });
    await Promise.all([
      run(tabA.refreshSession, { refreshToken: "refresh-of-access-1" }),
      run(tabB.refreshSession, { refreshToken: "refresh-of-access-1" }),
    ]);
    expect(calls).toBe(2);
  });
});
