import { DEFAULT_MULTIPLIER } from "#contracts/limits.ts";

/** 0.001 points per tap (docs/product.md §9), in micro-points per tap. */
export const DEFAULT_MULTIPLIER_MICRO = Math.round(DEFAULT_MULTIPLIER * 1_000_000);
