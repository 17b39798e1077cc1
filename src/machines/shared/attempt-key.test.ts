import { describe, expect, it } from "vitest";
import { attemptAfterFailure } from "./attempt-key.ts";

const attempt = { key: "k1" };

describe("attemptAfterFailure: the Idempotency-Key rule every money dialog shares", () => {
  it.each([
    ["no answer", { code: "NETWORK_ERROR", message: "x", status: 0 }],
    ["a server failure", { code: "SERVER_ERROR", message: "x", status: 500 }],
    ["a gateway failure", { code: "API_ERROR", message: "x", status: 502 }],
    ["409 CONFLICT (the same key is still being worked on)", { code: "CONFLICT", message: "x", status: 409 }],
    ["something thrown without a status", new TypeError("boom")],
  ])("keeps the attempt after %s", (_name, error) => {
    expect(attemptAfterFailure(attempt, error)).toBe(attempt);
  });

  it.each([
    ["a refusal by state", { code: "INSUFFICIENT_POOL_BALANCE", message: "x", status: 409 }],
    ["another body under the key", { code: "IDEMPOTENCY_MISMATCH", message: "x", status: 422 }],
    ["bad input", { code: "VALIDATION_ERROR", message: "x", status: 400 }],
    ["an unknown user", { code: "NOT_FOUND", message: "x", status: 404 }],
    ["a lost session", { code: "UNAUTHORIZED", message: "x", status: 401 }],
  ])("drops the attempt after %s", (_name, error) => {
    expect(attemptAfterFailure(attempt, error)).toBeNull();
  });
});
