/**
 * The combo rule the server pays by and the tap screen shows (docs/product.md, "Combos"): one copy, so the two
 * cannot drift. Two taps chain when the second came at least COMBO_MIN_GAP_MS and less than COMBO_BREAK_MS
 * after the first; every complete COMBO_TAPS taps of one chain earn the bonus once.
 */

/** Every complete run of this many taps in one chain earns the bonus once. */
export const COMBO_TAPS = 50;
/** The shortest gap that chains two taps, in ms (faster is no finger). */
export const COMBO_MIN_GAP_MS = 40;
/** A gap of this many ms or more breaks the chain; the screen also resets it after this long without a tap. */
export const COMBO_BREAK_MS = 1_000;
/** A chain left by a batch carries into a batch whose first tap came at most this long after it arrived. */
export const COMBO_CARRY_MS = 10_000;

/** Whether a tap `intervalMs` after the tap before it continues that tap's chain. */
export const chains = (intervalMs: number) => intervalMs >= COMBO_MIN_GAP_MS && intervalMs < COMBO_BREAK_MS;

/**
 * The chain's length in taps after one more tap: one longer when the tap chains with a running chain, else 1
 * (the tap starts a new chain). `current` is 0 when no chain runs.
 */
export const nextCombo = (current: number, intervalMs: number) =>
  current > 0 && chains(intervalMs) ? current + 1 : 1;
