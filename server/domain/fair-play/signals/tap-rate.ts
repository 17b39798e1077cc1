/**
 * Signals read from what the server credited: how close to its tap cap an account stays, and over how many
 * hours of a day it taps (docs/fair-play.md, "Signals"). A person tapping flat out tires within minutes and
 * sleeps; a script does neither.
 */
import { percent, plural, utcDay, utcMinute, wholeNumber } from "./evidence-words.ts";
import { requireCount, type SignalAnswer } from "./signal.ts";

/** A share of the cap at or above which a minute counts as "at the cap": 90 %, compared in integers. */
const CAP_SHARE_TENTHS = 9;
const MINUTE_MS = 60_000;

export interface CreditedMinute {
  /** The minute's first instant (UTC, whole minute). */
  minuteStart: Date;
  /** Taps credited to the account in that minute. */
  taps: number;
}

export interface CapRateInput {
  /** The account's credited taps per minute; minutes without taps may be left out (they break a run). */
  minutes: readonly CreditedMinute[];
  /** What the server's tap cap credits in a minute at most (20 taps/s → 1 200). */
  capPerMinute: number;
  /** How many minutes in a row at 90 % or more of the cap raise the signal (RISK_CAP_RATE_MINUTES). */
  capRateMinutes: number;
}

/** `cap-rate`: credited taps at 90 % or more of the cap for `capRateMinutes` consecutive UTC minutes. */
export function capRate({ minutes, capPerMinute, capRateMinutes }: CapRateInput): SignalAnswer {
  requireCount("capPerMinute", capPerMinute, 1);
  requireCount("capRateMinutes", capRateMinutes, 1);
  const ordered = [...minutes].sort((a, b) => a.minuteStart.getTime() - b.minuteStart.getTime());
  let best: { start: Date; length: number; taps: number } | null = null;
  let runStart: Date | null = null;
  let runLength = 0;
  let runTaps = 0;
  let previousMs = Number.NaN;
  for (const minute of ordered) {
    const atMs = minute.minuteStart.getTime();
    const atCap = minute.taps * 10 >= capPerMinute * CAP_SHARE_TENTHS;
    const follows = atMs - previousMs === MINUTE_MS;
    previousMs = atMs;
    if (!atCap) {
      runLength = 0;
      continue;
    }
    if (runLength === 0 || !follows) {
      runStart = minute.minuteStart;
      runLength = 0;
      runTaps = 0;
    }
    runLength += 1;
    runTaps += minute.taps;
    if (runStart && (best === null || runLength > best.length)) {
      best = { start: runStart, length: runLength, taps: runTaps };
    }
  }
  if (best === null || best.length < capRateMinutes) return null;
  const perMinute = best.taps / best.length;
  return {
    id: "cap-rate",
    evidence:
      `credited ${wholeNumber(perMinute)} taps a minute on average, ${percent(perMinute / capPerMinute)} of ` +
      `the cap of ${wholeNumber(capPerMinute)}, for ${plural(best.length, "minute", "minutes")} in a row from ` +
      `${utcMinute(best.start)} (the rule: ${wholeNumber(capRateMinutes)} minutes at 90 % or more)`,
  };
}

export const ROUND_THE_CLOCK_HOURS = 18;

export interface RoundTheClockInput {
  /** The UTC hours (0–23) of one UTC day in which the account had taps credited; repeats are fine. */
  hours: Iterable<number>;
  /** Any instant of that UTC day. */
  day: Date;
}

/** `round-the-clock`: taps credited in 18 or more distinct UTC hours of one UTC day. */
export function roundTheClock({ hours, day }: RoundTheClockInput): SignalAnswer {
  const seen = new Set<number>();
  for (const hour of hours) {
    if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
      throw new RangeError(`an hour of the day is an integer 0..23, not ${hour}`);
    }
    seen.add(hour);
  }
  if (seen.size < ROUND_THE_CLOCK_HOURS) return null;
  const quiet: string[] = [];
  for (let hour = 0; hour < 24; hour += 1) {
    if (!seen.has(hour)) quiet.push(`${String(hour).padStart(2, "0")}:00`);
  }
  const rest = quiet.length === 0 ? "every hour" : `all but ${quiet.join(", ")}`;
  return {
    id: "round-the-clock",
    evidence:
      `taps credited in ${seen.size} of the 24 hours of ${utcDay(day)} (UTC): ${rest} ` +
      `(the rule: ${ROUND_THE_CLOCK_HOURS} hours or more)`,
  };
}
