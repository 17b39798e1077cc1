/**
 * docs/product.md §4: any 401 removes the stored user session (`auth_token`, `user_data`, `auth_session`), and
 * a 401 to an admin call the admin's too (`adminSession`, `adminUser`). The API client only returns the error;
 * the runtime tells the root actor, and the session machines clear their keys. Through the real runtime, with
 * msw as the server.
 */
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AnyActorLogic, createActor, toPromise, waitFor } from "xstate";
import { resolveApiBase } from "#src/api/base-url.ts";
import { STORAGE_KEYS } from "#src/api/storage-keys.ts";
import { type AppRuntime, createRuntime } from "#src/runtime.ts";

const BASE = resolveApiBase(window.location);
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const USER_KEYS = [STORAGE_KEYS.authToken, STORAGE_KEYS.userData, STORAGE_KEYS.authSession];
const ADMIN_KEYS = [STORAGE_KEYS.adminSession, STORAGE_KEYS.adminUser];

/** The server answers every call with `status`, and notes the bearer each call carried. */
function answerEverything(status: number) {
  const bearers: (string | null)[] = [];
  server.use(
    http.all(`${BASE}/*`, ({ request }) => {
      bearers.push(request.headers.get("authorization"));
      return HttpResponse.json(
        { error: { code: status === 401 ? "UNAUTHORIZED" : "FORBIDDEN", message: "No." } },
        { status },
      );
    }),
  );
  return bearers;
}

/** A runtime that has settled signed out, then a session stored as another tab would store it. */
async function runtimeWithStoredSessions(): Promise<AppRuntime> {
  const runtime = createRuntime({ openEventSource: null });
  await runtime.sessionSettled();
  await runtime.adminSettled();
  localStorage.setItem(STORAGE_KEYS.authToken, "user-token");
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ id: "u1", email: "u@example.com" }));
  localStorage.setItem(STORAGE_KEYS.authSession, JSON.stringify({ refresh_token: "r", expires_at: 1 }));
  localStorage.setItem(STORAGE_KEYS.adminSession, JSON.stringify({ accessToken: "admin-token" }));
  localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify({ id: "a1", role: "admin" }));
  return runtime;
}

const stored = (keys: readonly string[]) => keys.filter((key) => localStorage.getItem(key) !== null);
const settle = (logic: AnyActorLogic, input?: unknown) =>
  toPromise(createActor(logic, { input }).start()).catch((error: unknown) => error);

describe("a 401 answer clears the stored session, as docs/product.md §4 says", () => {
  it("a user call: the user's three keys go, the admin's stay", async () => {
    const runtime = await runtimeWithStoredSessions();
    const bearers = answerEverything(401);
    expect(await settle(runtime.economyActors.loadStreak)).toMatchObject({ status: 401 });
    expect(bearers).toEqual(["Bearer user-token"]);
    expect(stored(USER_KEYS)).toEqual([]);
    expect(stored(ADMIN_KEYS)).toEqual(ADMIN_KEYS);
    runtime.app.stop();
  });

  it("an admin call: the admin's keys go, and the user's with them", async () => {
    const runtime = await runtimeWithStoredSessions();
    const bearers = answerEverything(401);
    expect(await settle(runtime.adminActors.auditLog, {})).toMatchObject({ status: 401 });
    expect(bearers).toEqual(["Bearer admin-token"]);
    await waitFor(runtime.adminSession, (snapshot) => snapshot.matches("signedOut"));
    expect(stored(ADMIN_KEYS)).toEqual([]);
    expect(stored(USER_KEYS)).toEqual([]);
    runtime.app.stop();
  });

  it("a call that needs no session (a refused login): the user's keys go", async () => {
    const runtime = await runtimeWithStoredSessions();
    const bearers = answerEverything(401);
    runtime.session.send({ type: "LOGIN", email: "u@example.com", password: "wrong-password" });
    await waitFor(runtime.session, (snapshot) => snapshot.matches({ signedOut: "idle" }));
    expect(bearers).toEqual([null]);
    expect(stored(USER_KEYS)).toEqual([]);
    expect(stored(ADMIN_KEYS)).toEqual(ADMIN_KEYS);
    runtime.app.stop();
  });

  it("any other failure leaves every key where it is", async () => {
    const runtime = await runtimeWithStoredSessions();
    answerEverything(403);
    expect(await settle(runtime.economyActors.loadStreak)).toMatchObject({ status: 403 });
    expect(await settle(runtime.adminActors.auditLog, {})).toMatchObject({ status: 403 });
    expect(stored(USER_KEYS)).toEqual(USER_KEYS);
    expect(stored(ADMIN_KEYS)).toEqual(ADMIN_KEYS);
    runtime.app.stop();
  });
});
