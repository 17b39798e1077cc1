/**
 * Fixed-window limits kept in the database, so every server process sees the same counts (DESIGN.md §1).
 */
import type { Kysely } from "kysely";
import { decrementWindow, incrementWindow } from "../db/repos/rate-limits.repo.ts";
import type { Database } from "../db/schema.ts";

export interface LimitRule {
  /** Prefix of the counter key, e.g. "login:account". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Whole seconds until the window ends (at least 1), for Retry-After. */
  retryAfterSeconds: number;
}

const keyOf = (rule: LimitRule, subject: string) => `${rule.name}:${subject}`;

/** Counts one attempt against the rule; the attempt that goes over the limit is refused. */
export async function countAttempt(
  db: Kysely<Database>,
  rule: LimitRule,
  subject: string,
  now: Date,
): Promise<LimitVerdict> {
  const window = await incrementWindow(db, keyOf(rule, subject), now, rule.windowSeconds);
  return {
    allowed: window.count <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Gives an attempt back (it turned out not to be a failure). */
export function forgiveAttempt(db: Kysely<Database>, rule: LimitRule, subject: string, now: Date) {
  return decrementWindow(db, keyOf(rule, subject), now);
}
