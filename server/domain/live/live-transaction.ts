/**
 * Live events ride on the transaction of the change they announce (docs/decisions/017): code that changes
 * something a screen shows queues its event on the transaction, and the events are appended as the last
 * statements before the commit. So nothing is appended for a rolled-back change, and the stream counters
 * are always the last rows a transaction locks (user streams in id order, then the admins' stream), which
 * keeps the lock order of every other table as it was and lets no two writers wait on each other in a cycle.
 */
import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../../clock.ts";
import { appendLiveEvents } from "../../db/repos/live-events.repo.ts";
import type { Database } from "../../db/schema.ts";

/** The stream every admin reads besides their own. */
export const ADMINS_STREAM = "admins";

export interface LiveEvent {
  /** A user's id, or ADMINS_STREAM. */
  stream: string;
  type: string;
  payload: unknown;
  /** `session` events only: which session family's streams end (null: all of the user's). */
  familyId?: string | null;
  /**
   * A figure after the change (points, wallet, multiplier): a later one of the same stream and type in the
   * same transaction replaces it, so a screen gets the final figure once.
   */
  latestOnly?: boolean;
}

const queued = new WeakMap<Transaction<Database>, LiveEvent[]>();

/** The transaction's queue; a transaction not opened here would lose its events, so that is a bug. */
export function liveQueueOf(trx: Transaction<Database>): LiveEvent[] {
  const queue = queued.get(trx);
  if (!queue) throw new Error("a change a screen shows must run in transactionWithLiveEvents()");
  return queue;
}

export function queueLiveEvent(trx: Transaction<Database>, event: LiveEvent): void {
  const queue = liveQueueOf(trx);
  if (event.latestOnly) {
    const index = queue.findIndex((e) => e.latestOnly && e.stream === event.stream && e.type === event.type);
    if (index >= 0) {
      queue[index] = event;
      return;
    }
  }
  queue.push(event);
}

export function transactionWithLiveEvents<T>(
  ctx: { db: Kysely<Database>; clock: Clock },
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    queued.set(trx, []);
    const result = await work(trx);
    await appendQueued(trx, liveQueueOf(trx), ctx.clock());
    return result;
  });
}

const streamOrder = (a: string, b: string) =>
  a === b ? 0 : a === ADMINS_STREAM ? 1 : b === ADMINS_STREAM ? -1 : a < b ? -1 : 1;

async function appendQueued(trx: Transaction<Database>, queue: LiveEvent[], at: Date): Promise<void> {
  const streams = [...new Set(queue.map((event) => event.stream))].sort(streamOrder);
  for (const stream of streams) {
    const events = queue
      .filter((event) => event.stream === stream)
      .map((event) => ({ type: event.type, payload: event.payload, familyId: event.familyId ?? null }));
    await appendLiveEvents(trx, stream, events, at);
  }
}
