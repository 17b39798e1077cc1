/**
 * Combos (docs/product.md, Economy; docs/decisions/039), pure so every edge can be tested without a database.
 *
 * Two taps chain when the second came at least 40 ms and less than 1 000 ms after the first (the batch's
 * `intervals`: faster is no human finger, slower is a pause). Every complete 50 taps of one chain earn a bonus
 * of `percent` % of those taps' points. Only the taps the server credited count, the first `credited` of the
 * batch: the surplus a full tap budget clipped makes no combo, and it ends the chain (the next batch's first
 * interval is measured from an uncredited tap). A chain carries over to the next batch when that batch's first
 * tap (its arrival less the time its own intervals span) came at most 10 s after the batch that left it arrived,
 * and its first interval chains. A batch without intervals makes no combo and ends the chain.
 */

import { COMBO_CARRY_MS, COMBO_TAPS, nextCombo } from "#contracts/combo-rules.ts";

/** The running chain as the rewards row keeps it: its length in taps and when its last tap arrived. */
export interface ComboChain {
  chain: number;
  at: Date | null;
}

export const NO_CHAIN: ComboChain = { chain: 0, at: null };

export interface ComboOutcome {
  /** Complete runs of COMBO_TAPS taps this batch finished (each earns the bonus once). */
  completed: number;
  /** The chain this batch leaves for the next one. */
  after: ComboChain;
}

export function comboOf(batch: {
  previous: ComboChain;
  intervals: readonly number[] | undefined;
  /** The taps claimed, and how many of the first of them the tap budget credited. */
  taps: number;
  credited: number;
  now: Date;
}): ComboOutcome {
  const { previous, intervals, credited, now } = batch;
  if (intervals === undefined || credited === 0) return { completed: 0, after: NO_CHAIN };
  // The batch's own taps took the time its intervals after the first add up to: its first tap came that long
  // before it arrived. A run tapped straight through the client's 30 s deadline arrives 30 s after the batch
  // before it, and its first tap was right after that one's last: it carries.
  const ownSpanMs = intervals.slice(1).reduce((sum, gap) => sum + gap, 0);
  const carries =
    previous.chain > 0 &&
    previous.at !== null &&
    now.getTime() - ownSpanMs - previous.at.getTime() <= COMBO_CARRY_MS;
  let chain = carries ? previous.chain : 0;
  let completed = 0;
  for (let i = 0; i < credited; i += 1) {
    chain = nextCombo(chain, intervals[i] ?? 0);
    if (chain % COMBO_TAPS === 0) completed += 1;
  }
  const clipped = credited < batch.taps;
  return { completed, after: clipped ? NO_CHAIN : { chain, at: now } };
}

/**
 * The bonus, in micro points, for `completed` runs at the batch's rate (points per credited tap): `percent` %
 * of their points, rounded down. A run carried over from the previous batch is priced at this batch's rate.
 */
export const comboBonusMicro = (completed: number, pointsPerTapMicro: number, percent: number) =>
  Math.floor((completed * COMBO_TAPS * pointsPerTapMicro * percent) / 100);
