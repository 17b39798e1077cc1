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

/**
 * No C0 control character (NUL included) and no DEL: nobody types them, PostgreSQL refuses NUL in text, and
 * the error handler names this pattern in its message ("must not contain control characters").
 */
export const NO_CONTROL_CHARACTERS = "^[^\\u0000-\\u001F\\u007F]*$";

/**
 * What a name shown to other people must not hold (docs/decisions/033): the control characters above, the C1
 * controls, and the marks, embeddings, overrides and isolates that change the direction of text, with which a
 * name can be made to read as something it is not. Letters of every script, right-to-left ones included,
 * are fine: the browser orders them without help. A character class body, shared by the schema below and by
 * the server, which removes these from names it did not get typed (Telegram's).
 */
export const NAME_UNSAFE_CHARACTERS =
  "\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069";
export const NO_NAME_UNSAFE_CHARACTERS = `^[^${NAME_UNSAFE_CHARACTERS}]*$`;

/** A person's name as they type it: shown to others on leaderboards and friend lists. */
export const PersonName = Type.String({ minLength: 1, maxLength: 100, pattern: NO_NAME_UNSAFE_CHARACTERS });

/** Text a person typed: a search, an email before it is checked. */
export const PlainText = (limits: { minLength?: number; maxLength: number }) =>
  Type.String({ ...limits, pattern: NO_CONTROL_CHARACTERS });

/** Trimmed and lower-cased by the server; the format check runs on the raw value. */
export const Email = Type.String({
  minLength: 3,
  maxLength: 254,
  format: "email",
  pattern: NO_CONTROL_CHARACTERS,
});

/** At least 8 characters, at most 128, never truncated (docs/design.md §7). */
export const Password = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  pattern: NO_CONTROL_CHARACTERS,
});

export const Role = Type.Union([Type.Literal("user"), Type.Literal("admin")]);

export const Empty = Type.Null();
