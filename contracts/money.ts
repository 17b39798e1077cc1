import { Type } from "typebox";

/**
 * Amounts on the wire are JSON numbers in display units (USDT, points, multiplier), as the specification
 * shows. The schema only bounds them; the server converts each one to integer micro units at the boundary
 * and refuses any that is not exact at 6 decimals (docs/design.md §4).
 */
export const Amount = Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000 });
export const Balance = Type.Number({ minimum: 0 });
export const Multiplier = Type.Number({ exclusiveMinimum: 0, maximum: 1000 });
/** Taps the server has credited to an account: only ever grows, so it dates an answer's figures. */
export const TotalTaps = Type.Integer({ minimum: 0 });

/** ISO-8601 timestamps. */
export const Timestamp = Type.String({ format: "date-time" });

export const Limit = Type.Integer({ minimum: 1, maximum: 100 });
export const Cursor = Type.String({ minLength: 1, maxLength: 200 });
export const ListQuery = Type.Object(
  { limit: Type.Optional(Limit), cursor: Type.Optional(Cursor) },
  {
    additionalProperties: false,
  },
);
export const NextCursor = Type.Union([Type.String(), Type.Null()]);

/** `Idempotency-Key` header of the money-moving routes (required on the user's). */
export const IdempotencyHeaders = Type.Object(
  { "idempotency-key": Type.String({ minLength: 8, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" }) },
  { additionalProperties: true },
);
