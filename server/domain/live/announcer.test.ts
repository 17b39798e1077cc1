import type { Kysely } from "kysely";
import { describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/schema.ts";

const sent: string[][] = [];
vi.mock("../../db/repos/live-events.repo.ts", () => ({
  announceLivePositions: async (_db: unknown, positions: string[]) => {
    sent.push([...positions]);
  },
}));
const { announce } = await import("./announcer.ts");

const db = {} as Kysely<Database>;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("announcing live positions", () => {
  it("sends what one turn of the event loop hands in as one NOTIFY, and settles each caller after it", async () => {
    sent.length = 0;
    const settled: string[] = [];
    const a = announce(db, ["u1:3"]).then(() => settled.push("a"));
    const b = announce(db, ["u2:7", "admins:9"]).then(() => settled.push("b"));
    expect(sent).toEqual([]);
    await Promise.all([a, b]);
    expect(sent).toEqual([["u1:3", "u2:7", "admins:9"]]);
    expect(settled).toEqual(["a", "b"]);
  });

  it("starts a new batch for what comes after a batch was sent; databases are not mixed", async () => {
    sent.length = 0;
    await announce(db, ["u1:4"]);
    const other = {} as Kysely<Database>;
    await Promise.all([announce(db, ["u1:5"]), announce(other, ["u9:1"]), nextTurn()]);
    expect(sent).toEqual([["u1:4"], ["u1:5"], ["u9:1"]]);
  });
});
