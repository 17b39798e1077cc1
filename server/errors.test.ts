/**
 * The one table from error code to HTTP status (server/errors.ts): every code has its status, the statuses are
 * the ones docs/api.md lists (clients read them), and what is not an AppError with a known code stays a 500.
 */
import { describe, expect, it } from "vitest";
import { AppError, ERROR_CODES, ERROR_STATUS, type ErrorCode, isRefusal, rateLimited } from "./errors.ts";
import { describeError } from "./plugins/errors.ts";

describe("the code → status table", () => {
  it("gives every code a status, and has no status without a code", () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
    }
  });

  it("answers each code with the status on the wire today", () => {
    expect(ERROR_STATUS).toEqual({
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
    });
  });

  it("does not compile a table that misses a code or adds one", () => {
    // @ts-expect-error every ErrorCode needs its status
    const missing = { NOT_FOUND: 404 } satisfies Record<ErrorCode, number>;
    // @ts-expect-error a status needs a code of the union
    const extra = { ...ERROR_STATUS, TEAPOT: 418 } satisfies Record<ErrorCode, number>;
    // @ts-expect-error an AppError takes a code, never a status
    const withStatus = new AppError(404, "NOT_FOUND", "Nothing here.");
    expect([missing, extra, withStatus]).toHaveLength(3);
  });

  it("sends each code's status with its code and message, and Retry-After when it has one", () => {
    for (const code of ERROR_CODES) {
      expect(describeError(new AppError(code, `because ${code}`))).toEqual({
        status: ERROR_STATUS[code],
        code,
        message: `because ${code}`,
      });
    }
    expect(describeError(rateLimited(7, "Slow down."))).toEqual({
      status: 429,
      code: "RATE_LIMITED",
      message: "Slow down.",
      retryAfterSeconds: 7,
    });
  });

  it("keeps anything else a 500 without details", () => {
    const unexpected = {
      status: 500,
      code: "SERVER_ERROR",
      message: "Something went wrong on our side. Please try again.",
    };
    expect(describeError(new Error("boom"))).toEqual(unexpected);
    expect(describeError(new AppError("NO_SUCH_CODE" as ErrorCode, "cast past the type"))).toEqual(
      unexpected,
    );
    expect(describeError("a thrown string")).toEqual(unexpected);
  });

  it("counts as a refusal a known code below 500 only", () => {
    expect(isRefusal(new AppError("CONFLICT", "Still running."))).toBe(true);
    expect(isRefusal(new AppError("DRAINING", "Shutting down."))).toBe(false);
    expect(isRefusal(new AppError("NO_SUCH_CODE" as ErrorCode, "cast"))).toBe(false);
    expect(isRefusal(new Error("boom"))).toBe(false);
  });
});
