/**
 * The one place where PostgreSQL's int8 (BIGINT, count(), sum() of ints) becomes a JavaScript number. pg hands
 * int8 over as a string and PGlite as a number; both drivers are configured with this parser so repositories
 * always see numbers. Values beyond 2^53 would lose precision silently, so they fail loudly instead.
 */
export const INT8_TYPE_ID = 20;

export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`int8 value ${text} is outside JavaScript's safe integer range`);
  }
  return value;
}
