/**
 * Combos on the tap screen (docs/product.md, "Tap and Earn"): the same rule the server counts its bonus by,
 * read from the same per-tap intervals the taps machine records (taps.timing.ts); the rule itself is
 * contracts/combo-rules.ts, the server's too. Pure, so every edge is a unit test.
 */

import { COMBO_TAPS, nextCombo } from "#contracts/combo-rules.ts";

export { COMBO_BREAK_MS, COMBO_MIN_GAP_MS, COMBO_TAPS, chains, nextCombo } from "#contracts/combo-rules.ts";

/** A chain this long has just completed a run of 50 (the bonus cue and announcement fire here). */
export const completesRun = (combo: number) => combo > 0 && combo % COMBO_TAPS === 0;

/** The chain's length over a sequence of intervals, from no chain (what the server counts, for tests). */
export const comboOf = (intervals: readonly number[]) =>
  intervals.reduce((combo, interval) => nextCombo(combo, interval), 0);

/** Complete runs of 50 a chain of `combo` taps holds. */
export const completedRuns = (combo: number) => Math.floor(combo / COMBO_TAPS);
