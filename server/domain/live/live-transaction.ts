/**
 * Live events ride on the transaction of the change they announce (docs/decisions/017): code that changes
 * something a screen shows queues its event on the transaction, and the events are appended as the last
 * statements before the commit. So nothing is appended for a rolled-back change, and the stream counters
 * are always the last rows a transaction locks (user streams in id order, then the admins' stream), which
 * keeps the lock order of every other table as it was and lets no two writers wait on each other in a cycle.
 * Once the transaction has committed, the new positions are announced to every instance (NOTIFY outside the
 * transaction: inside, PostgreSQL would serialise all such commits on its notification lock).
 */
import type { Transaction } from "kysely";
import { appendLiveEvents, FIGURES_CHANGED, SESSIONS_ENDED } from "../../db/repos/live-events.repo.ts";
import type { Database } from "../../db/schema.ts";
import type { Uses } from "../deps.ts";
import { announce } from "./announcer.ts";

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

interface Queue {
  events: LiveEvent[];
  /** The admins' figures moved without an event of their own (a sign-up). */
  figuresChanged: boolean;
}

const queued = new WeakMap<Transaction<Database>, Queue>();

function queueOf(trx: Transaction<Database>): Queue {
  const queue = queued.get(trx);
  if (!queue) throw new Error("a change a screen shows must run in transactionWithLiveEvents()");
  return queue;
}

export function queueLiveEvent(trx: Transaction<Database>, event: LiveEvent): void {
  const { events } = queueOf(trx);
  if (event.latestOnly) {
    const index = events.findIndex((e) => e.latestOnly && e.stream === event.stream && e.type === event.type);
    if (index >= 0) {
      events[index] = event;
      return;
    }
  }
  events.push(event);
}

/** Lets admin.metrics refresh for a change no stream carries. */
export function figuresChanged(trx: Transaction<Database>): void {
  queueOf(trx).figuresChanged = true;
}

/** The log is optional: a committed change whose announcement fails is only worth a warning. */
export type LiveTransactionDeps = Uses<"db" | "clock"> & Partial<Uses<"log">>;

export async function transactionWithLiveEvents<T>(
  deps: LiveTransactionDeps,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  let positions: string[] = [];
  const result = await deps.db.transaction().execute(async (trx) => {
    const queue: Queue = { events: [], figuresChanged: false };
    queued.set(trx, queue);
    const answer = await work(trx);
    positions = await appendQueued(trx, queue.events, deps.clock());
    if (queue.figuresChanged) positions.push(FIGURES_CHANGED);
    for (const event of queue.events)
      if (event.type === "session") positions.push(`${SESSIONS_ENDED}${event.stream}`);
    return answer;
  });
  if (positions.length > 0) {
    // The change has committed: failing to announce it must not fail it. Streams catch up at their next
    // announcement or sweep (docs/decisions/017).
    await announce(deps.db, positions).catch((err: unknown) =>
      deps.log?.warn({ err }, "live events committed but not announced"),
    );
  }
  return result;
}

const streamOrder = (a: string, b: string) =>
  a === b ? 0 : a === ADMINS_STREAM ? 1 : b === ADMINS_STREAM ? -1 : a < b ? -1 : 1;

/** Appends each stream's events; answers `stream:last` for each. */
async function appendQueued(trx: Transaction<Database>, queue: LiveEvent[], at: Date): Promise<string[]> {
  const streams = [...new Set(queue.map((event) => event.stream))].sort(streamOrder);
  const positions: string[] = [];
  for (const stream of streams) {
    const events = queue
      .filter((event) => event.stream === stream)
      .map((event) => ({ type: event.type, payload: event.payload, familyId: event.familyId ?? null }));
    positions.push(`${stream}:${await appendLiveEvents(trx, stream, events, at)}`);
  }
  return positions;
}
