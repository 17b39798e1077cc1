/**
 * The live-event log (docs/decisions/017). Appending bumps the stream's counter row, which stays locked until
 * the transaction ends, so a stream's numbers are handed out in commit order and a rolled-back transaction
 * gives its numbers back. Positions are announced with NOTIFY after the commit, outside the transaction.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.ts";

/** The one channel every instance listens on; a notification carries `stream:seq` and nothing else. */
export const LIVE_CHANNEL = "live_events";

export interface NewLiveEvent {
  type: string;
  payload: unknown;
  familyId: string | null;
}

export interface StoredLiveEvent {
  seq: number;
  type: string;
  payload: unknown;
  familyId: string | null;
  /** Written just before its transaction committed: where the delivery latency is measured from. */
  createdAt: Date;
}

/** Appends the events to one stream in order; answers the stream's new last number. */
export async function appendLiveEvents(
  trx: Transaction<Database>,
  stream: string,
  events: readonly NewLiveEvent[],
  at: Date,
): Promise<number> {
  const count = events.length;
  const values = sql.join(
    events.map(
      (event, index) =>
        sql`(${index + 1}::int, ${event.type}::text, ${JSON.stringify(event.payload)}::jsonb, ${event.familyId}::uuid)`,
    ),
  );
  const { rows } = await sql<{ last_seq: number }>`
    WITH counter AS (
      INSERT INTO live_streams AS s (stream, last_seq) VALUES (${stream}, ${count}::bigint)
      ON CONFLICT (stream) DO UPDATE SET last_seq = s.last_seq + ${count}::bigint
      RETURNING s.last_seq
    ), appended AS (
      INSERT INTO live_events (stream, seq, type, payload, family_id, created_at)
      SELECT ${stream}, counter.last_seq - ${count}::bigint + v.ord, v.type, v.payload, v.family_id, ${at}
      FROM counter, (VALUES ${values}) AS v (ord, type, payload, family_id)
      RETURNING seq
    )
    SELECT max(seq) AS last_seq FROM appended`.execute(trx);
  const last = rows[0]?.last_seq;
  if (last === undefined) throw new Error(`appending to live stream ${stream} returned nothing`);
  return last;
}

/**
 * Announced for a commit that changes the admins' figures without an event of its own (a sign-up): no stream
 * is called this (streams are user ids and `admins`), so instances only refresh admin.metrics.
 */
export const FIGURES_CHANGED = "figures:0";

/**
 * Announced with a `session` event (logout, a leaked refresh token, a password reset): `sessions-ended:<user>`,
 * so every instance stops trusting the user's tokens from memory (docs/decisions/027).
 */
export const SESSIONS_ENDED = "sessions-ended:";

/** Tells every instance where streams now end (`stream:seq` each); only ever after the commit. */
export async function announceLivePositions(
  db: Kysely<Database>,
  positions: readonly string[],
): Promise<void> {
  await sql`SELECT pg_notify(${LIVE_CHANNEL}, position)::text FROM unnest(${positions}::text[]) AS position`.execute(
    db,
  );
}

/** Events of one stream after `afterSeq`, oldest first. */
export async function readLiveEventsAfter(
  db: Kysely<Database>,
  stream: string,
  afterSeq: number,
  limit: number,
): Promise<StoredLiveEvent[]> {
  const rows = await db
    .selectFrom("live_events")
    .select(["seq", "type", "payload", "family_id", "created_at"])
    .where("stream", "=", stream)
    .where("seq", ">", afterSeq)
    .orderBy("seq")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    seq: row.seq,
    type: row.type,
    payload: row.payload,
    familyId: row.family_id,
    createdAt: row.created_at,
  }));
}

/** The number of each stream's last event (0 for a stream that never had one). */
export async function liveStreamHeads(
  db: Kysely<Database>,
  streams: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("live_streams")
    .select(["stream", "last_seq"])
    .where("stream", "in", streams)
    .execute();
  const heads = new Map(streams.map((stream) => [stream, 0]));
  for (const row of rows) heads.set(row.stream, row.last_seq);
  return heads;
}

/** Whether event number `seq` of the stream is still in the log. */
export async function liveEventKept(db: Kysely<Database>, stream: string, seq: number): Promise<boolean> {
  const row = await db
    .selectFrom("live_events")
    .select("seq")
    .where("stream", "=", stream)
    .where("seq", "=", seq)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes every event older than `cutoff` and, per stream, every event numbered before one of those, so what
 * is left of a stream is always an unbroken run up to its last number (clocks of several instances may
 * disagree a little about which is older).
 */
export async function deleteLiveEventsBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const result = await sql`
    DELETE FROM live_events e
    USING (SELECT stream, max(seq) AS upto FROM live_events WHERE created_at < ${cutoff} GROUP BY stream) old
    WHERE e.stream = old.stream AND e.seq <= old.upto`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
