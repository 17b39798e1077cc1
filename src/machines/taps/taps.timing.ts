/**
 * The timing a batch carries (docs/fair-play.md, "What the player sees"): one interval per tap, the ms since
 * the tap before it as this page saw it (`performance.now()`), the first since the previous batch's last tap.
 * The server's signals read them; a person's fingers vary, a script's metronome does not. Pure functions: the
 * tap action calls `tapInterval` and appends one number, nothing else happens in the tap's frame.
 */
import { MAX_TAP_INTERVAL_MS, MAX_TAPS_WITH_INTERVALS } from "#contracts/fair-play-rules.ts";
import type { TapBatch } from "#src/api/rewards-store.ts";

/**
 * The interval of a tap at `at` after the tap at `lastTapAt` (null: none on this page). An integer within
 * 0..60 000; a batch's first tap with no tap in the 60 s before it counts 0, as the contract asks.
 */
export function tapInterval(lastTapAt: number | null, at: number, firstOfBatch: boolean): number {
  if (lastTapAt === null) return 0;
  const elapsed = Math.round(at - lastTapAt);
  if (elapsed > MAX_TAP_INTERVAL_MS) return firstOfBatch ? 0 : MAX_TAP_INTERVAL_MS;
  return Math.max(0, elapsed);
}

/**
 * The taps not yet in a batch, as batches of at most 1 000 taps (the contract's limit with intervals). Each
 * carries its share of `intervals` when there is exactly one per tap; taps stored by an older version have
 * none, and their batches go without (the server accepts them; inventing timing would mislead its signals).
 */
export function batchesOf(taps: number, intervals: readonly number[], newId: () => string): TapBatch[] {
  const timed = intervals.length === taps;
  const batches: TapBatch[] = [];
  for (let from = 0; from < taps; from += MAX_TAPS_WITH_INTERVALS) {
    const size = Math.min(MAX_TAPS_WITH_INTERVALS, taps - from);
    batches.push(
      timed
        ? { batchId: newId(), taps: size, intervals: intervals.slice(from, from + size) }
        : { batchId: newId(), taps: size },
    );
  }
  return batches;
}

/** A batch is full at 1 000 taps: it is sent at once, without waiting for the pause. */
export const batchFull = (unsyncedTaps: number) => unsyncedTaps >= MAX_TAPS_WITH_INTERVALS;
