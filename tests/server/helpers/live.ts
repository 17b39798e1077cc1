/** Shared steps of the live-event suites: an admin of this database, tickets, streams. */

import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { findUserByEmail, insertUser } from "#server/db/repos/users.repo.ts";
import { hashPassword } from "#server/domain/auth/passwords.ts";
import { type Caller, sessionCaller } from "./rewards.ts";
import { type OpenOptions, SseClient } from "./sse-client.ts";
import { bearer, logIn, type TestApp } from "./test-app.ts";

const ADMIN = { email: "live-root@example.com", password: "live admin passphrase" };

/** The suite's admin, signed in (a new session on every call). */
export async function signInAdmin(t: TestApp): Promise<Caller> {
  const db = t.database.handle.db;
  if (!(await findUserByEmail(db, ADMIN.email))) {
    await insertUser(db, {
      id: randomUUID(),
      email: ADMIN.email,
      name: "Live Admin",
      password_hash: await hashPassword(ADMIN.password),
      role: "admin",
      created_at: t.clock(),
      email_verified_at: t.clock(),
    });
  }
  const res = await logIn(t.app, ADMIN);
  if (res.statusCode !== 200) throw new Error(`admin login: ${res.statusCode} ${res.body}`);
  const body = res.json<{ user: { id: string; email: string }; session: { access_token: string } }>();
  return { id: body.user.id, email: body.user.email, token: body.session.access_token };
}

export async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/events/ticket", headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json<{ ticket: string }>().ticket;
}

/** The caller's stream; fails unless it opened. */
export async function openStream(
  app: FastifyInstance,
  caller: { token: string },
  options: Omit<OpenOptions, "token"> = {},
): Promise<SseClient> {
  const stream = await SseClient.open(app, { token: caller.token, ...options });
  if (stream.status !== 200) throw new Error(`GET /api/events: ${stream.status} ${stream.body}`);
  return stream;
}

/** The numbers in an SSE id (one per stream the viewer reads). */
export const positionOf = (id: string | undefined) => (id ?? "").split(".").map(Number);

/** The same account signed in again: another session family, as on another device. */
export async function anotherDevice(app: FastifyInstance, caller: Caller): Promise<Caller> {
  const res = await logIn(app, { email: caller.email, password: "correct horse battery" });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return sessionCaller(res.json());
}

/** POST /api/admin/… as this admin. */
export const adminPost = (app: FastifyInstance, admin: Caller, path: string, payload: object) =>
  app.inject({ method: "POST", url: `/api/admin/${path}`, headers: bearer(admin.token), payload });
