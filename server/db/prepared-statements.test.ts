import { describe, expect, it } from "vitest";
import { preparedName } from "./prepared-statements.ts";

describe("preparedName", () => {
  it("names only a text that starts with the mark", () => {
    expect(preparedName("/* prepared: tap-sync-write */\n WITH locked AS (…)")).toBe("tap-sync-write");
    expect(preparedName("SELECT 1 /* prepared: tap-sync-write */")).toBeNull();
    expect(preparedName("/* tap-sync-write */ SELECT 1")).toBeNull();
    expect(preparedName("/* prepared: Bad Name */ SELECT 1")).toBeNull();
    expect(preparedName("SELECT 1")).toBeNull();
  });
});
