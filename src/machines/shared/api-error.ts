/**
 * What an actor's `onError` carries is `unknown` to XState: these read it as the normalised error of
 * docs/product.md §8 without a cast. Actors throw ApiErrors (or errors of the same shape, such as the auth
 * messages'); from anything else the code, message and status it does carry are kept, a missing code reads
 * as UNKNOWN_ERROR and a missing message as "" (so each machine's own fallback words apply).
 */
import { type ApiError, UNKNOWN_ERROR } from "#src/api/errors.ts";

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== "object" || value === null) return false;
  const { code, message, status } = value as Record<string, unknown>;
  return (
    typeof code === "string" &&
    typeof message === "string" &&
    (status === undefined || typeof status === "number")
  );
}

export function apiErrorOf(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const { code, message, status } = (typeof error === "object" && error !== null ? error : {}) as Record<
    string,
    unknown
  >;
  return {
    code: typeof code === "string" ? code : UNKNOWN_ERROR.code,
    message: typeof message === "string" ? message : "",
    ...(typeof status === "number" ? { status } : {}),
  };
}
