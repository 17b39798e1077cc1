/**
 * The routes' side of the money boundary (docs/design.md §4): every amount read from a request goes through
 * microFromWire and every amount answered through microToWire, so the domain only ever sees integer micro units.
 */

import { microFromNumber, microToNumber } from "#contracts/micro.ts";
import { AppError } from "../errors.ts";

/** Micro units of a wire amount, or 400 naming the field (e.g. "body/amount"). */
export function microFromWire(value: number, field: string): number {
  const micro = microFromNumber(value);
  if (micro === null)
    throw new AppError("VALIDATION_ERROR", `${field} must be a non-negative number with at most 6 decimals`);
  return micro;
}

/** Like microFromWire for optional fields: null when absent. */
export const optionalMicroFromWire = (value: number | undefined, field: string): number | null =>
  value === undefined ? null : microFromWire(value, field);

export const microToWire = microToNumber;
