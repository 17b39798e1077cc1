import { describe, expect, it } from "vitest";
import { RecentMap } from "./recent-map.ts";

describe("RecentMap", () => {
  it("drops the entry written longest ago once full; writing an entry again makes it the newest", () => {
    const map = new RecentMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.set("a", 3);
    map.set("c", 4);
    expect(map.size).toBe(2);
    expect(map.get("b")).toBeUndefined();
    expect(map.get("a")).toBe(3);
    expect(map.get("c")).toBe(4);
  });

  it("deletes what matches and nothing else", () => {
    const map = new RecentMap<string, { user: string }>(10);
    map.set("t1", { user: "u1" });
    map.set("t2", { user: "u2" });
    map.set("t3", { user: "u1" });
    map.deleteWhere((value) => value.user === "u1");
    expect([map.get("t1"), map.get("t2"), map.get("t3")]).toEqual([undefined, { user: "u2" }, undefined]);
    map.clear();
    expect(map.size).toBe(0);
  });

  it("refuses a capacity that could not hold anything", () => {
    expect(() => new RecentMap(0)).toThrow(RangeError);
    expect(() => new RecentMap(1.5)).toThrow(RangeError);
  });
});
