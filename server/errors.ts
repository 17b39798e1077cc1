/**
 * The one error type domain code throws for an expected failure. The error handler turns it into
 * `{ error: { code, message } }` with its status; anything else becomes a 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Seconds, sent as Retry-After (429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const unauthorized = (message = "Please sign in to continue.") =>
  new AppError(401, "UNAUTHORIZED", message);

export const tokenExpired = () =>
  new AppError(401, "TOKEN_EXPIRED", "Your session has expired. Please sign in again.");

/** The same answer as an address nothing lives at (server/plugins/spa.ts). */
export const nothingHere = () => new AppError(404, "NOT_FOUND", "There is nothing at this address.");

export const forbidden = (message = "You are not allowed to do this.") =>
  new AppError(403, "FORBIDDEN", message);

export const rateLimited = (
  retryAfterSeconds: number,
  message = "Too many attempts. Please try again later.",
) => new AppError(429, "RATE_LIMITED", message, retryAfterSeconds);
