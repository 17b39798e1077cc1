import type { SignalId } from "#contracts/fair-play-rules.ts";

/** A raised signal: which rule, and what was seen in plain words an admin can check (docs/fair-play.md). */
export interface RaisedSignal {
  id: SignalId;
  evidence: string;
}

/** Every signal function answers a raised signal or null: not raising is an ordinary answer, never an error. */
export type SignalAnswer = RaisedSignal | null;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Refuses a figure a caller got wrong, so a mistake is loud instead of quietly raising nothing. */
export function requireCount(name: string, value: number, minimum = 0): void {
  if (!Number.isInteger(value) || value < minimum) {
    throw new RangeError(`${name} must be an integer of at least ${minimum}, not ${value}`);
  }
}
