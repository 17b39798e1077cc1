import { describe, expect, it } from "vitest";
import { apiErrorOf, isApiError } from "./api-error.ts";

describe("apiErrorOf: an invoke's error read as the normalised error", () => {
  it("passes an ApiError through as it is", () => {
    const error = { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance", status: 409 };
    expect(isApiError(error)).toBe(true);
    expect(apiErrorOf(error)).toBe(error);
  });

  it("keeps what a partial error carries and fills the rest", () => {
    expect(apiErrorOf({ status: 503 })).toEqual({ code: "UNKNOWN_ERROR", message: "", status: 503 });
    expect(apiErrorOf(new Error("boom"))).toEqual({ code: "UNKNOWN_ERROR", message: "boom" });
    expect(apiErrorOf(undefined)).toEqual({ code: "UNKNOWN_ERROR", message: "" });
    expect(isApiError({ code: "X", message: "x", status: "401" })).toBe(false);
  });
});
