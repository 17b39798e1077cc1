/** Calls of the taps and wallet routes for the server suites, plus a snapshot to prove "nothing changed". */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
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

export function fundViaDevnet(app: FastifyInstance, email: string, amount: number, points?: number) {
  return app.inject({
    method: "POST",
    url: "/api/devnet/fund-wallet",
    payload: { email, amount, ...(points === undefined ? {} : { points }) },
  });
}

export function purchase(
  app: FastifyInstance,
  caller: Caller,
  body: unknown,
  key: string | null = randomKey(),
) {
  return app.inject({
    method: "POST",
    url: "/api/wallet/multipliers/purchase",
    headers: { ...bearer(caller.token), ...(key === null ? {} : { "idempotency-key": key }) },
    payload: body as object,
  });
}

export function withdrawRewards(
  app: FastifyInstance,
  caller: Caller,
  body: unknown,
  key: string | null = randomKey(),
) {
  return app.inject({
    method: "POST",
    url: "/api/wallet/withdraw-rewards",
    headers: { ...bearer(caller.token), ...(key === null ? {} : { "idempotency-key": key }) },
    payload: body as object,
  });
}

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
