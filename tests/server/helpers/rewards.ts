/** Calls of the taps and wallet routes for the server suites, plus a snapshot to prove "nothing changed". */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { findUserByEmail, insertUser } from "#server/db/repos/users.repo.ts";
import { hashPassword } from "#server/domain/auth/passwords.ts";
import { bearer } from "./test-app.ts";

export interface Caller {
  id: string;
  token: string;
  email: string;
}

export const sessionCaller = (signedIn: {
  user: { id: string; email: string };
  session: { access_token: string };
}): Caller => ({ id: signedIn.user.id, token: signedIn.session.access_token, email: signedIn.user.email });

export function syncTaps(
  app: FastifyInstance,
  caller: Caller,
  body: Record<string, unknown>,
  userId = caller.id,
) {
  return app.inject({
    method: "POST",
    url: `/api/user/${userId}/points`,
    headers: bearer(caller.token),
    payload: { batchId: randomUUID(), ...body },
  });
}

const FIXTURE_ADMIN = { email: "devnet-fixture@example.com", password: "fixture admin passphrase" };
const fixtureAdminTokens = new WeakMap<FastifyInstance, Promise<string>>();

/** An admin of this app's database for the devnet fixture route (created once, signed in once per app). */
export function fixtureAdminToken(app: FastifyInstance): Promise<string> {
  let token = fixtureAdminTokens.get(app);
  if (!token) {
    token = (async () => {
      if (!(await findUserByEmail(app.ctx.db, FIXTURE_ADMIN.email))) {
        await insertUser(app.ctx.db, {
          id: randomUUID(),
          email: FIXTURE_ADMIN.email,
          name: "Fixture Admin",
          password_hash: await hashPassword(FIXTURE_ADMIN.password),
          role: "admin",
          created_at: app.ctx.clock(),
          email_verified_at: app.ctx.clock(),
        });
      }
      const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: FIXTURE_ADMIN });
      if (res.statusCode !== 200) throw new Error(`fixture admin login: ${res.statusCode} ${res.body}`);
      return res.json<{ session: { access_token: string } }>().session.access_token;
    })();
    fixtureAdminTokens.set(app, token);
  }
  return token;
}

/** Funds a wallet (and grants points) through the admin-only devnet fixture route. */
export async function fundViaDevnet(app: FastifyInstance, email: string, amount: number, points?: number) {
  return app.inject({
    method: "POST",
    url: "/api/devnet/fund-wallet",
    headers: bearer(await fixtureAdminToken(app)),
    payload: { email, amount, ...(points === undefined ? {} : { points }) },
  });
}

/** POST to a money-moving route as the caller, with an Idempotency-Key (none when `key` is null). */
export function keyedPost(
  app: FastifyInstance,
  caller: Caller,
  path: string,
  body: unknown,
  key: string | null = randomKey(),
) {
  return app.inject({
    method: "POST",
    url: `/api${path}`,
    headers: { ...bearer(caller.token), ...(key === null ? {} : { "idempotency-key": key }) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export const purchase = (app: FastifyInstance, caller: Caller, body: unknown, key?: string | null) =>
  keyedPost(app, caller, "/wallet/multipliers/purchase", body, key);

export const withdrawRewards = (app: FastifyInstance, caller: Caller, body: unknown, key?: string | null) =>
  keyedPost(app, caller, "/wallet/withdraw-rewards", body, key);

export const randomKey = () => `key-${randomUUID()}`;

export async function getJson<T = Record<string, unknown>>(
  app: FastifyInstance,
  caller: Caller,
  url: string,
) {
  const res = await app.inject({ url, headers: bearer(caller.token) });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

/** Everything a money or tap request could change for this caller. */
export async function snapshot(app: FastifyInstance, caller: Caller) {
  const [points, multiplier, balance, history, pointsHistory] = await Promise.all([
    getJson(app, caller, `/api/user/${caller.id}/points`),
    getJson(app, caller, `/api/user/${caller.id}/multiplier`),
    getJson(app, caller, "/api/wallet/balance"),
    getJson(app, caller, "/api/wallet/history?limit=100"),
    getJson(app, caller, `/api/user/${caller.id}/points/history?limit=100`),
  ]);
  return { points, multiplier, balance, history, pointsHistory };
}
