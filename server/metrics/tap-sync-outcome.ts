/** Which of the four outcomes a tap sync had, for taprewards_tap_syncs_total (docs/decisions/030). */
import { isRefusal } from "../errors.ts";
import type { AppMetrics, TapSyncOutcome } from "./app-metrics.ts";

export function tapSyncOutcome(claimedTaps: number, answer: { replayed: boolean; creditedTaps: number }) {
  if (answer.replayed) return "replayed" satisfies TapSyncOutcome;
  return answer.creditedTaps < claimedTaps ? ("clipped" as const) : ("credited" as const);
}

/** Runs the sync and counts its outcome; a refusal (an expected 4xx such as 429) is counted and rethrown. */
export async function countTapSync<T extends { replayed: boolean; credited: { taps: number } }>(
  metrics: AppMetrics,
  claimedTaps: number,
  sync: () => Promise<T>,
): Promise<T> {
  try {
    const result = await sync();
    metrics.tapSyncs.inc({
      outcome: tapSyncOutcome(claimedTaps, { replayed: result.replayed, creditedTaps: result.credited.taps }),
    });
    return result;
  } catch (err) {
    if (isRefusal(err)) metrics.tapSyncs.inc({ outcome: "refused" });
    throw err;
  }
}
