import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  auditSearch,
  changeTable,
  dashboardSearch,
  fundedTable,
  listQueryOf,
  pageOf,
  USER_LIST_SORTS,
  usersSearch,
  withUnfundedTable,
} from "./admin.search.ts";

describe("admin search schemas", () => {
  it("keep what fits and drop the rest to defaults, never throwing", () => {
    expect(
      v.parse(usersSearch, {
        fq: "ada",
        fsort: "points:desc",
        fcursors: "c1,c2",
        uq: "",
        usort: "password:asc",
        ucursors: ",,",
        other: "x",
      }),
    ).toEqual({ fq: "ada", fsort: "points:desc", fcursors: "c1,c2" });
    expect(v.parse(dashboardSearch, { q: 2024, sort: "created_at:asc", cursors: 7 })).toEqual({
      q: "2024",
      sort: "created_at:asc",
    });
    expect(v.parse(dashboardSearch, { sort: "multiplier:asc", q: "x".repeat(300) })).toEqual({});
    expect(v.safeParse(auditSearch, { cursors: ["a"] }).success).toBe(true);
  });

  it("ask the server for a table's own search, sort and the cursor of the page shown", () => {
    const search = v.parse(usersSearch, { fq: "ada", fsort: "email:asc", fcursors: "c1,c2", uq: "bob" });
    expect(listQueryOf(fundedTable(search))).toEqual({ q: "ada", sort: "email:asc", cursor: "c2" });
    expect(pageOf(fundedTable(search))).toBe(3);
  });

  it("a new search or sort starts at page 1; paging follows the trail of cursors both ways", () => {
    const table = { q: "ada", sort: "email:asc" as const, cursors: "c1" };
    expect(changeTable(table, { q: "" }, USER_LIST_SORTS, "c2")).toEqual({
      q: undefined,
      sort: "email:asc",
      cursors: undefined,
    });
    expect(changeTable(table, { sort: "points:desc" }, USER_LIST_SORTS, null).sort).toBe("points:desc");
    expect(changeTable(table, { sort: "password:asc" }, USER_LIST_SORTS, null).sort).toBeUndefined();
    expect(changeTable(table, { page: 3 }, USER_LIST_SORTS, "c2").cursors).toBe("c1,c2");
    expect(changeTable(table, { page: 1 }, USER_LIST_SORTS, "c2").cursors).toBeUndefined();
    expect(withUnfundedTable({ fq: "keep" }, { q: "u" })).toEqual({
      fq: "keep",
      uq: "u",
      usort: undefined,
      ucursors: undefined,
    });
  });
});
