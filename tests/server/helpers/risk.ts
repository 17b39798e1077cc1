/** Shared steps of the fair-play suites (tests/server/fair-play-*.test.ts): admins' decisions, standing, events. */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { raiseSignals } from "#server/domain/fair-play/raise-signals.ts";
import type { RaisedSignal } from "#server/domain/fair-play/signals.ts";
import { type Caller, getJson } from "./rewards.ts";
import { bearer } from "./test-app.ts";

export const decide = (
  app: FastifyInstance,
  admin: Caller,
  userId: string,
  body: { action: string; reason: string },
  key: string | null = `risk-${randomUUID()}`,
) =>
  app.inject({
    method: "POST",
    url: `/api/admin/users/${userId}/risk`,
    headers: { ...bearer(admin.token), ...(key === null ? {} : { "idempotency-key": key }) },
    payload: body,
  });

export const standingOf = (app: FastifyInstance, caller: Caller) =>
  getJson<{ status: string; message: string; appeal: { at: string; message: string } | null }>(
    app,
    caller,
    `/api/user/${caller.id}/standing`,
  );

export const appeal = (app: FastifyInstance, caller: Caller, message: unknown) =>
  app.inject({
    method: "POST",
    url: `/api/user/${caller.id}/standing/appeal`,
    headers: bearer(caller.token),
    payload: { message },
  });

/** The events of a stream, oldest first. */
export async function eventsOf(db: Kysely<Database>, stream: string, type: string) {
  const rows = await db
    .selectFrom("live_events")
    .select(["payload", "seq"])
    .where("stream", "=", stream)
    .where("type", "=", type)
    .orderBy("seq")
    .execute();
  return rows.map((row) => row.payload as Record<string, unknown>);
}

/** Raises signals on an account through the domain (the scores and statuses they lead to are under test). */
export function raise(app: FastifyInstance, userId: string, ...signals: RaisedSignal["id"][]) {
  return raiseSignals(
    app.ctx,
    signals.map((id) => ({ userId, signal: { id, evidence: `seen in a test: ${id}` } })),
  );
}

/** Intervals a metronome would send: `taps` of exactly `ms`. */
export const metronome = (taps: number, ms = 60) => Array.from({ length: taps }, () => ms);
