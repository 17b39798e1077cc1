/**
 * Fixed-window limits kept in the database, so every server process sees the same counts (docs/design.md §1).
 * A refused attempt writes nothing, and counters whose window has ended are purged (purgeEndedWindows).
 */
import type { Kysely } from "kysely";
import {
  blockWindowUntil,
  decrementWindow,
  deleteEndedWindows,
  incrementWindowBelow,
  readWindow,
} from "../db/repos/rate-limits.repo.ts";
import type { Database } from "../db/schema.ts";

export interface LimitRule {
  /** Prefix of the counter key, e.g. "login:account". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Whole seconds until an attempt can count again (at least 1), for Retry-After. */
  retryAfterSeconds: number;
  /** Attempts counted in this window, this one included. */
  attempts: number;
}

const keyOf = (rule: LimitRule, subject: string) => `${rule.name}:${subject}`;
const secondsUntil = (when: Date, now: Date) =>
  Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 1000));

/** Counts one attempt against the rule; once the limit is reached (or a delay runs), attempts are refused. */
export async function countAttempt(
  db: Kysely<Database>,
  rule: LimitRule,
  subject: string,
  now: Date,
): Promise<LimitVerdict> {
  const key = keyOf(rule, subject);
  const counted = await incrementWindowBelow(db, key, now, rule.windowSeconds, rule.limit);
  if (counted) {
    return { allowed: true, retryAfterSeconds: secondsUntil(counted.resetAt, now), attempts: counted.count };
  }
  const current = await readWindow(db, key);
  const delayed = current?.blockedUntil && current.blockedUntil > now && current.count < rule.limit;
  const until = delayed ? current.blockedUntil : current?.resetAt;
  return {
    allowed: false,
    retryAfterSeconds: until ? secondsUntil(until, now) : 1,
    attempts: current?.count ?? 0,
  };
}

/** No attempt on this subject counts for the next `seconds` (growing delays after failures). */
export function delayNextAttempt(
  db: Kysely<Database>,
  rule: LimitRule,
  subject: string,
  now: Date,
  seconds: number,
) {
  return blockWindowUntil(db, keyOf(rule, subject), new Date(now.getTime() + seconds * 1000), now);
}

/** Gives an attempt back (it turned out not to be a failure) and lifts any delay. */
export function forgiveAttempt(db: Kysely<Database>, rule: LimitRule, subject: string, now: Date) {
  return decrementWindow(db, keyOf(rule, subject), now);
}

/** Removes counters whose window has ended; run now and then by the maintenance loop. */
export function purgeEndedWindows(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteEndedWindows(db, now);
}
