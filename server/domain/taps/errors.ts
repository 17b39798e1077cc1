/** The tap area's expected failures. */
import { MAX_TAPS_WITH_INTERVALS } from "#contracts/fair-play-rules.ts";
import { invalidInput, rateLimited } from "../../errors.ts";

export const tooManySyncs = (retryAfterSeconds: number) =>
  rateLimited(retryAfterSeconds, "Too many syncs. Your taps are kept and will be sent again shortly.");

/** A batch's intervals must number its taps, and such a batch holds at most 1 000 (docs/fair-play.md). */
export const badIntervals = (taps: number, intervals: number) =>
  invalidInput(
    taps > MAX_TAPS_WITH_INTERVALS
      ? `body/intervals: a batch with intervals carries at most ${MAX_TAPS_WITH_INTERVALS} taps, not ${taps}; send the taps in smaller batches`
      : `body/intervals must hold one interval per tap: ${taps} taps but ${intervals} intervals`,
  );
