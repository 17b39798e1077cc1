/**
 * The one place where display amounts (USDT, points, multipliers: JSON numbers, env strings) become integer
 * micro units and back (docs/design.md §4). Exactness is judged on the number's shortest decimal spelling
 * (what String(n) prints, which is what the sender wrote for any value of 15 significant digits or fewer),
 * never by float arithmetic: 0.1 + 0.2 arrives as 0.30000000000000004 and is refused, not rounded.
 */
export const MICRO_PER_UNIT = 1_000_000;
const DECIMALS = 6;
const DECIMAL_SPELLING = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * Micro units of a non-negative decimal spelled like "12", "0.000001" or "1e-6", or null if it is negative,
 * has more than 6 decimals, or does not fit in a safe integer.
 */
export function microFromDecimalText(text: string): number | null {
  const match = DECIMAL_SPELLING.exec(text);
  if (!match) return null;
  const [, whole = "", fraction = "", exponentText = "0"] = match;
  const exponent = Number(exponentText);
  // Digits with the decimal point moved `exponent` places: value = digits × 10^(pointShift).
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, "");
  const pointShift = exponent - fraction.length;
  const decimals = -pointShift;
  const significant = digits.replace(/0+$/, "");
  const trailingZeros = digits.length - significant.length;
  if (decimals - trailingZeros > DECIMALS) return null;
  const zerosToAppend = DECIMALS + pointShift;
  if (zerosToAppend > 30) return null;
  const microText =
    zerosToAppend >= 0
      ? `${digits}${"0".repeat(zerosToAppend)}`
      : digits.slice(0, digits.length + zerosToAppend);
  const micro = Number(microText === "" ? "0" : microText);
  return Number.isSafeInteger(micro) ? micro : null;
}

/** Micro units of a wire number, or null when it is not finite, negative or not exact at 6 decimals. */
export function microFromNumber(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  return microFromDecimalText(String(value));
}

/** Display units of an integer micro amount; k / 10^6 prints as the exact decimal for every safe integer k. */
export function microToNumber(micro: number): number {
  return micro / MICRO_PER_UNIT;
}

/** a × b / c in integer arithmetic, rounded down (BigInt, so large products stay exact). */
export function mulDivFloor(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * Micro units of a display amount the browser computes with, rounded to the nearest micro unit. Amounts the
 * server sends are already exact; this only absorbs float noise in the client's own arithmetic. The server
 * never rounds: it refuses what is not exact (microFromNumber).
 */
export function roundToMicro(value: number): number {
  return Math.round(value * MICRO_PER_UNIT);
}
