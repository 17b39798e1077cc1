/**
 * Signals read from how taps are spaced (the `intervals` our client sends with every batch) and from batches
 * that come without them (docs/fair-play.md, "Signals"). A finger varies its rhythm by 20 % and more; a script's
 * timer hardly at all; and our own client always sends the timing.
 */
import { finePercent, plural, utcMinute, wholeNumber } from "./evidence-words.ts";
import { DAY_MS, requireCount, type SignalAnswer } from "./signal.ts";

export interface IntervalStats {
  count: number;
  /** Mean interval in ms (0 when there are none). */
  mean: number;
  /**
   * Coefficient of variation: population standard deviation / mean. Null with fewer than 2 intervals; 0 when
   * every interval is 0 (perfectly even, though no finger taps that way).
   */
  cv: number | null;
}

/**
 * Count, mean and coefficient of variation of a batch's intervals in one pass (Welford's running mean and sum
 * of squares): the tap sync calls it on every batch, so it allocates nothing per interval.
 */
export function intervalStats(intervals: readonly number[]): IntervalStats {
  let count = 0;
  let mean = 0;
  let squares = 0;
  for (const interval of intervals) {
    count += 1;
    const delta = interval - mean;
    mean += delta / count;
    squares += delta * (interval - mean);
  }
  if (count < 2) return { count, mean, cv: null };
  const stddev = Math.sqrt(squares / count);
  if (mean === 0) return { count, mean, cv: 0 };
  return { count, mean, cv: stddev / mean };
}

/** A batch of at least this many intervals is long enough to judge its rhythm. */
export const CADENCE_MIN_INTERVALS = 30;
/** Below this coefficient of variation a batch is metronome-even. */
export const CADENCE_MAX_CV = 0.05;
/** This many even batches raise `regular-cadence`. */
export const CADENCE_BATCHES = 3;

export interface CadenceBatch {
  at: Date;
  /** How many intervals the batch carried. */
  count: number;
  cv: number | null;
  /** The mean interval in ms, when the caller kept it: the evidence then says how fast the timer ran. */
  mean?: number;
}

/** `regular-cadence`: three batches of 30 or more intervals whose coefficient of variation is under 0.05. */
export function regularCadence(batches: readonly CadenceBatch[]): SignalAnswer {
  const even = batches
    .filter((batch) => batch.count >= CADENCE_MIN_INTERVALS && batch.cv !== null && batch.cv < CADENCE_MAX_CV)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  if (even.length < CADENCE_BATCHES) return null;
  const shown = even.slice(-CADENCE_BATCHES);
  const variations = shown.map((batch) => finePercent(batch.cv ?? 0)).join(", ");
  const means = shown.flatMap((batch) => (batch.mean === undefined ? [] : [batch.mean]));
  const pace = means.length === 0 ? "" : `, one tap every ${means.map((m) => wholeNumber(m)).join(", ")} ms`;
  const last = shown[shown.length - 1] as CadenceBatch;
  return {
    id: "regular-cadence",
    evidence:
      `${plural(even.length, "batch", "batches")} of ${CADENCE_MIN_INTERVALS} or more taps spaced almost ` +
      `evenly (the last three vary by ${variations}${pace}; people vary by 20 % and more), the last at ` +
      `${utcMinute(last.at)}`,
  };
}

/** A batch of at least this many taps is expected to carry intervals. */
export const NO_TIMING_MIN_TAPS = 20;
/** This many such batches without intervals within 24 hours raise `no-timing`. */
export const NO_TIMING_BATCHES = 10;

export interface TimingBatch {
  at: Date;
  taps: number;
  hadIntervals: boolean;
}

/** `no-timing`: ten batches of 20 or more taps without intervals in the 24 hours up to `now`. */
export function noTiming({ batches, now }: { batches: readonly TimingBatch[]; now: Date }): SignalAnswer {
  const since = now.getTime() - DAY_MS;
  let count = 0;
  let first: Date | null = null;
  for (const batch of batches) {
    requireCount("a batch's taps", batch.taps);
    const atMs = batch.at.getTime();
    if (batch.hadIntervals || batch.taps < NO_TIMING_MIN_TAPS || atMs <= since || atMs > now.getTime())
      continue;
    count += 1;
    if (first === null || atMs < first.getTime()) first = batch.at;
  }
  if (count < NO_TIMING_BATCHES || first === null) return null;
  return {
    id: "no-timing",
    evidence:
      `${plural(count, "batch", "batches")} of ${NO_TIMING_MIN_TAPS} or more taps came without tap timing in the ` +
      `24 hours before ${utcMinute(now)}, the first at ${utcMinute(first)} (our app always sends it; the rule: ` +
      `${NO_TIMING_BATCHES} batches)`,
  };
}
