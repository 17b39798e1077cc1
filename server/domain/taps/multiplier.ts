import { DEFAULT_MULTIPLIER } from "#contracts/limits.ts";
import { microFromNumber } from "#contracts/micro.ts";

const exactMicro = (value: number): number => {
  const micro = microFromNumber(value);
  if (micro === null) throw new Error(`${value} is not exact at 6 decimals`);
  return micro;
};

/** 0.001 points per tap (docs/product.md §9), in micro-points per tap: exact, as the server never rounds. */
export const DEFAULT_MULTIPLIER_MICRO = exactMicro(DEFAULT_MULTIPLIER);
