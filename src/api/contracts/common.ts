import { Type } from "typebox";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits.ts";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/**
 * The failure body of every non-2xx answer (docs/api.md, Rules for every route). Only code and message, so
 * equal failures are byte-equal.
 */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false, $id: "ErrorBody" },
);

export const Uuid = Type.String({ format: "uuid" });

/** Trimmed and lower-cased by the server; the format check runs on the raw value. */
export const Email = Type.String({ minLength: 3, maxLength: 254, format: "email" });

/** At least 8 characters, at most 128, never truncated (docs/design.md §7). */
export const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

export const Role = Type.Union([Type.Literal("user"), Type.Literal("admin")]);

export const Empty = Type.Null();
