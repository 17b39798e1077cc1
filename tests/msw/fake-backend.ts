/**
 * A small stateful fake of our API for component tests (msw). It follows docs/api.md's answers for the auth
 * routes, (tests/msw/fake-rewards.ts, fake-wallet.ts, fake-economy.ts, fake-fair-play.ts) for the rewards,
 * wallet, economy and standing routes, and (fake-admin.ts)
 * for the admin routes the back office's walks use; the real server is tested on its own in tests/server and
 * end to end in tests/e2e.
 */
import { delay, HttpResponse, http } from "msw";
import { createFakeAdmin } from "./fake-admin.ts";
import { createFakeEconomy, referralCodeOf } from "./fake-economy.ts";
import { createFakeFairPlay } from "./fake-fair-play.ts";
import { createFakeRewards } from "./fake-rewards.ts";
import { createFakeWallet } from "./fake-wallet.ts";

export const API = "http://localhost:3000/api";

interface FakeUser {
  id: string;
  email: string;
  name: string;
  password: string;
  role: "user" | "admin";
}

const failure = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

export function createFakeBackend() {
  const users = new Map<string, FakeUser>();
  /** Every sign-up body as sent, in order (the browser's side of the contract). */
  const signups: Array<{ email: string; name: string; referralCode?: string }> = [];
  const tokens = new Map<string, string>();
  let nextId = 1;
  /** Set to make the next call of a route fail the way a test needs. */
  const failNext = new Map<string, { status: number; code: string; message: string } | "network" | "hang">();

  const issue = (user: FakeUser) => {
    const access = `access-${user.id}-${tokens.size}`;
    tokens.set(access, user.id);
    return {
      session: {
        access_token: access,
        refresh_token: `refresh-${access}`,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        token_type: "bearer" as const,
      },
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
    };
  };
  const injected = async (route: string) => {
    const failureToInject = failNext.get(route);
    if (!failureToInject) return null;
    failNext.delete(route);
    if (failureToInject === "hang") await delay("infinite");
    return failureToInject === "network" || failureToInject === "hang"
      ? HttpResponse.error()
      : failure(failureToInject.status, failureToInject.code, failureToInject.message);
  };

  const userIdOf = (request: Request) =>
    tokens.get(request.headers.get("authorization")?.replace("Bearer ", "") ?? "") ?? null;
  // The economy reads and moves the rewards account's points; the tap sync asks it for the booster's factor.
  let economy: ReturnType<typeof createFakeEconomy> | undefined;
  const fairPlay = createFakeFairPlay(API, userIdOf);
  const rewards = createFakeRewards(
    API,
    userIdOf,
    (userId) => economy?.factorOf(userId) ?? 1,
    (userId, entry) => economy?.addHistory(userId, { ...entry, timestamp: new Date().toISOString() }),
    (userId) => fairPlay.isFrozen(userId),
  );
  economy = createFakeEconomy(API, userIdOf, (userId) => rewards.accountOf(userId));
  const wallet = createFakeWallet(API, userIdOf, {
    get: (userId) => (rewards.rewards.get(userId)?.walletMicro ?? 0) / 1_000_000,
    add: (userId, amount) => {
      const account = rewards.rewards.get(userId);
      if (account) account.walletMicro += Math.round(amount * 1_000_000);
    },
  });

  const roleOf = (request: Request) => {
    const id = userIdOf(request);
    return [...users.values()].find((user) => user.id === id)?.role ?? null;
  };
  const admin = createFakeAdmin(API, (request) => roleOf(request) === "admin");

  /** A user with a live session, as the login route would answer it: for tests that start signed in. */
  const signedIn = (name = "Ada Lovelace", role: FakeUser["role"] = "user") => {
    const user: FakeUser = {
      id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, "0")}`,
      email: `user${nextId}@example.com`,
      name,
      password: "correct horse",
      role,
    };
    users.set(user.email, user);
    return issue(user);
  };

  const handlers = [
    ...admin.handlers,
    ...rewards.handlers,
    ...economy.handlers,
    ...wallet.handlers,
    ...fairPlay.handlers,
    http.post(`${API}/auth/signup`, async ({ request }) => {
      const body = (await request.json()) as {
        email: string;
        password: string;
        name: string;
        referralCode?: string;
      };
      signups.push(body);
      const injectedFailure = await injected("signup");
      if (injectedFailure) return injectedFailure;
      const email = body.email.trim().toLowerCase();
      if (users.has(email)) return failure(409, "EMAIL_TAKEN", "An account with this email already exists.");
      const user: FakeUser = {
        id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, "0")}`,
        email,
        name: body.name,
        password: body.password,
        role: "user",
      };
      users.set(email, user);
      // The referrer is bound once, at sign-up; an unknown code is ignored (docs/product.md, Referrals).
      const referrer = [...users.values()].find(
        (other) => other.id !== user.id && referralCodeOf(other.id) === body.referralCode,
      );
      if (referrer) {
        const program = economy.referralsOf(referrer.id);
        program.invited += 1;
        program.friends.unshift({ name: body.name, joinedAt: new Date().toISOString(), earnedForYou: 0 });
      }
      return HttpResponse.json(
        { success: true, user: { id: user.id, email, name: user.name } },
        { status: 201 },
      );
    }),
    http.post(`${API}/auth/login`, async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string };
      const injectedFailure = await injected("login");
      if (injectedFailure) return injectedFailure;
      const user = users.get(body.email.trim().toLowerCase());
      if (!user || user.password !== body.password) {
        return failure(401, "INVALID_CREDENTIALS", "Invalid email or password.");
      }
      return HttpResponse.json(issue(user));
    }),
    http.post(
      `${API}/auth/forgot-password`,
      async () => (await injected("forgot")) ?? HttpResponse.json({ success: true }),
    ),
    http.post(`${API}/auth/reset-password`, async ({ request }) => {
      const body = (await request.json()) as { token: string };
      const injectedFailure = await injected("reset");
      if (injectedFailure) return injectedFailure;
      return body.token === "good-token"
        ? HttpResponse.json({ success: true })
        : failure(
            400,
            "INVALID_RESET_TOKEN",
            "This reset link is invalid or has expired. Please request a new one.",
          );
    }),
    http.post(`${API}/auth/verify-email`, async ({ request }) => {
      const body = (await request.json()) as { token: string };
      const injectedFailure = await injected("verify");
      if (injectedFailure) return injectedFailure;
      return body.token === "good-token"
        ? HttpResponse.json({ success: true })
        : failure(400, "INVALID_TOKEN", "This link is invalid or has expired.");
    }),
    http.get(`${API}/auth/me`, async ({ request }) => {
      const injectedFailure = await injected("me");
      if (injectedFailure) return injectedFailure;
      const id = userIdOf(request);
      const user = [...users.values()].find((candidate) => candidate.id === id);
      if (!user) return failure(401, "UNAUTHORIZED", "Sign in again.");
      return HttpResponse.json({
        user: { id: user.id, email: user.email, name: user.name, role: user.role },
      });
    }),
    http.post(`${API}/auth/logout`, ({ request }) => {
      tokens.delete(request.headers.get("authorization")?.replace("Bearer ", "") ?? "");
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return { handlers, users, signups, failNext, rewards, economy, wallet, admin, fairPlay, signedIn };
}
