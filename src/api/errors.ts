/**
 * Turns every way a call can fail into the normalised error of docs/product.md §8:
 * `{ message, code, status }`. Pure functions, so each case is tested without a network.
 */

export interface ApiError {
  message: string;
  code: string;
  /** HTTP status; 0 when no response arrived; absent when the request was never sent. */
  status?: number;
}

export type ApiResult<T> = { data: T; error: null } | { data: null; error: ApiError };

export const NETWORK_ERROR: ApiError = {
  code: "NETWORK_ERROR",
  status: 0,
  message: "Network error. Please check your connection.",
};
export const REQUEST_ERROR: ApiError = { code: "REQUEST_ERROR", message: "Request configuration error." };
export const UNKNOWN_ERROR: ApiError = {
  code: "UNKNOWN_ERROR",
  message: "An unexpected error occurred. Please try again.",
};
const SERVER_ERROR_MESSAGE = "An error occurred with the server";

/** Underscores become spaces and the first letter is capitalised (docs/product.md §8). */
export function cleanMessage(message: string): string {
  const spaced = message.replace(/_/g, " ").trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

type Body = Record<string, unknown> | null | undefined;

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const asText = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

function nestedError(body: Body): Record<string, unknown> | null {
  return asRecord(body?.error);
}

/** Case (1): a 2xx answer whose body carries an error object. Returns null when the body is a real success. */
export function errorFromSuccessBody(body: unknown, status: number): ApiError | null {
  const nested = nestedError(asRecord(body));
  if (!nested) return null;
  return {
    message: cleanMessage(asText(nested.message) ?? asText(asRecord(body)?.message) ?? "An error occurred"),
    code: asText(nested.code) ?? "API_RESPONSE_ERROR",
    status,
  };
}

/** Case (2): a non-2xx answer. `clientMessage` is the HTTP library's own message, used only as a fallback. */
export function errorFromFailedResponse(body: unknown, status: number, clientMessage?: string): ApiError {
  const record = asRecord(body);
  const nested = nestedError(record);
  const bodyMessage = asText(record?.message) ?? asText(nested?.message);
  const bodyCode = asText(record?.code) ?? asText(nested?.code);
  if (status >= 500 && !bodyMessage) {
    return { message: SERVER_ERROR_MESSAGE, code: bodyCode ?? "SERVER_ERROR", status };
  }
  return {
    message: cleanMessage(bodyMessage ?? asText(clientMessage) ?? "An error occurred"),
    code: bodyCode ?? "API_ERROR",
    status,
  };
}

/**
 * True when a failed call may still have been carried out by the server: no answer arrived (network error,
 * time-out), the server failed (5xx), or it is still working on the same Idempotency-Key (409 CONFLICT).
 * A money-moving retry must then go out under the same key, so it is applied at most once. Any other answer
 * is definitive, and a retry is a new request with a new key.
 */
export function outcomeUnknown(error: ApiError): boolean {
  const status = error.status ?? 0;
  return status === 0 || status >= 500 || (status === 409 && error.code === "CONFLICT");
}
