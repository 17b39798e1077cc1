/**
 * The failures the server answers on purpose (docs/api.md, "Rules for every route"; the model in
 * docs/architecture.md, "Errors carry a code"). Code that refuses a request throws an AppError with a code and a
 * message written for people, never an HTTP status: which status each code answers is written once, in
 * ERROR_STATUS below, so a new code without a status does not compile. The error handler
 * (server/plugins/errors.ts) turns an AppError into `{ error: { code, message } }` with that status; anything
 * else becomes a 500 without details.
 */

/** The codes the product's rules refuse with (server/domain, and the routes' own checks of the wire). */
const RULE_CODES = [
  "VALIDATION_ERROR",
  "WEAK_PASSWORD",
  "INVALID_RESET_TOKEN",
  "INVALID_VERIFICATION_TOKEN",
  "UNAUTHORIZED",
  "TOKEN_EXPIRED",
  "INVALID_CREDENTIALS",
  "INVALID_INIT_DATA",
  "FORBIDDEN",
  "EMAIL_NOT_VERIFIED",
  "REAUTH_REQUIRED",
  "ACCOUNT_FROZEN",
  "ACCOUNT_BANNED",
  "NOT_FOUND",
  "TELEGRAM_DISABLED",
  "CONFLICT",
  "APPEAL_OPEN",
  "EMAIL_TAKEN",
  "TELEGRAM_TAKEN",
  "TELEGRAM_ALREADY_LINKED",
  "TELEGRAM_ONLY_ACCOUNT",
  "STREAK_ALREADY_CLAIMED",
  "BOOSTER_ACTIVE",
  "INSUFFICIENT_POINTS",
  "MULTIPLIER_NOT_HIGHER",
  "NOT_ENOUGH_POINTS",
  "NOT_ENOUGH_FUNDS",
  "INSUFFICIENT_BALANCE",
  "INSUFFICIENT_POOL_BALANCE",
  "IDEMPOTENCY_MISMATCH",
  "BELOW_MINIMUM",
  "RATE_LIMITED",
  "DRAINING",
  "DATABASE_UNAVAILABLE",
  "CHAIN_UNAVAILABLE",
] as const;

/** The codes of HTTP itself: what the transport refuses before any rule runs (server/plugins/errors.ts). */
const HTTP_CODES = [
  "METHOD_NOT_ALLOWED",
  "NOT_ACCEPTABLE",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "HEADERS_TOO_LARGE",
  "SERVER_ERROR",
] as const;

export const ERROR_CODES: readonly ErrorCode[] = [...RULE_CODES, ...HTTP_CODES];
export type RuleErrorCode = (typeof RULE_CODES)[number];
export type ErrorCode = RuleErrorCode | (typeof HTTP_CODES)[number];

/**
 * The one place a code meets its HTTP status. Checks run in the order of docs/api.md: authentication (401),
 * authorization (403), shape (400), limits (422), state (409); 503 is a state of this instance or what it
 * depends on, which a retry elsewhere or later may pass.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  WEAK_PASSWORD: 400,
  INVALID_RESET_TOKEN: 400,
  INVALID_VERIFICATION_TOKEN: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_INIT_DATA: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  REAUTH_REQUIRED: 403,
  ACCOUNT_FROZEN: 403,
  ACCOUNT_BANNED: 403,
  NOT_FOUND: 404,
  TELEGRAM_DISABLED: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  CONFLICT: 409,
  APPEAL_OPEN: 409,
  EMAIL_TAKEN: 409,
  TELEGRAM_TAKEN: 409,
  TELEGRAM_ALREADY_LINKED: 409,
  TELEGRAM_ONLY_ACCOUNT: 409,
  STREAK_ALREADY_CLAIMED: 409,
  BOOSTER_ACTIVE: 409,
  INSUFFICIENT_POINTS: 409,
  MULTIPLIER_NOT_HIGHER: 409,
  NOT_ENOUGH_POINTS: 409,
  NOT_ENOUGH_FUNDS: 409,
  INSUFFICIENT_BALANCE: 409,
  INSUFFICIENT_POOL_BALANCE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_MISMATCH: 422,
  BELOW_MINIMUM: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  SERVER_ERROR: 500,
  DRAINING: 503,
  DATABASE_UNAVAILABLE: 503,
  CHAIN_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_STATUS, code);

export const statusOf = (code: ErrorCode): number => ERROR_STATUS[code];

/** The one error type for an expected failure: a code, a message for people, and no status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Seconds, sent as Retry-After (RATE_LIMITED). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/**
 * A refusal: the request was judged and turned down (a 4xx), so the same request gets the same answer. Not a
 * refusal: this instance cannot serve it now (a 503), or anything unexpected.
 */
export const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && isErrorCode(error.code) && statusOf(error.code) < 500;

export const unauthorized = (message = "Please sign in to continue.") =>
  new AppError("UNAUTHORIZED", message);

export const tokenExpired = () =>
  new AppError("TOKEN_EXPIRED", "Your session has expired. Please sign in again.");

/** The same answer as an address nothing lives at (server/plugins/spa.ts). */
export const nothingHere = () => new AppError("NOT_FOUND", "There is nothing at this address.");

export const forbidden = (message = "You are not allowed to do this.") => new AppError("FORBIDDEN", message);

export const rateLimited = (
  retryAfterSeconds: number,
  message = "Too many attempts. Please try again later.",
) => new AppError("RATE_LIMITED", message, retryAfterSeconds);

export const invalidInput = (message: string) => new AppError("VALIDATION_ERROR", message);
