/**
 * The one rule for a money call's Idempotency-Key after it failed (docs/api.md): while the server may have
 * carried the call out (no answer, a 5xx, or 409 CONFLICT: it is still working on the same key), a retry must
 * go out under the same key so it is applied at most once; after any other, definitive answer a retry is a
 * new request with a new key. Every dialog that moves money (the user's and the admin's) keeps its attempt
 * through this function.
 */
import { type ApiError, outcomeUnknown } from "#src/api/errors.ts";

/** Anything thrown without a status (a crash before an answer) counts as no answer: keep the key. */
const asApiError = (error: unknown): ApiError => {
  const { code, status } = (typeof error === "object" && error !== null ? error : {}) as Partial<ApiError>;
  return { code: typeof code === "string" ? code : "UNKNOWN_ERROR", message: "", status };
};

/** The attempt to keep after a failed call: the same one while its outcome is unknown, else none. */
export function attemptAfterFailure<TAttempt>(attempt: TAttempt | null, error: unknown): TAttempt | null {
  return outcomeUnknown(asApiError(error)) ? attempt : null;
}
