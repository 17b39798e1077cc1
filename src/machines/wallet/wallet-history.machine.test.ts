import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { WalletHistoryAnswer } from "#src/api/rewards.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { HISTORY_POLL_MS, walletHistoryMachine } from "./wallet-history.machine.ts";

type Row = WalletHistoryAnswer["transactions"][number];
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const row = (id: string, status: Row["status"] = "completed"): Row => ({
  id,
  type: "withdraw",
  amount: 300,
  description: "USDT withdrawal to TDvSsd...we9K",
  timestamp: "2026-11-23T07:00:00.000Z",
  status,
});

/** Each call answers the next page of `answers` ("fail" throws); the inputs are recorded. */
function start(answers: (WalletHistoryAnswer | "fail")[]) {
  const clock = new SimulatedClock();
  const cursors: (string | null)[] = [];
  const machine = walletHistoryMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }: { input: { cursor: string | null } }) => {
        cursors.push(input.cursor);
        const next = answers.shift() ?? { transactions: [], nextCursor: null };
        if (next === "fail") throw new Error("offline");
        return next;
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { app: createFakeApp().app } });
  const toasts: string[] = [];
  actor.on("toast", (event) => toasts.push(event.title));
  actor.start();
  const ids = () => actor.getSnapshot().context.transactions.map((t) => `${t.id}:${t.status}`);
  return { actor, clock, cursors, toasts, ids };
}

describe("wallet history machine", () => {
  it("loads the first page with a spinner, then appends the next without repeating a row", async () => {
    const { actor, cursors, ids } = start([
      { transactions: [row("a"), row("b")], nextCursor: "c1" },
      { transactions: [row("b"), row("c")], nextCursor: null },
    ]);
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    actor.send({ type: "MORE" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await flush();
    expect(ids()).toEqual(["a:completed", "b:completed", "c:completed"]);
    expect(cursors).toEqual([null, "c1"]);
    actor.send({ type: "MORE" });
    expect(actor.getSnapshot().value).toBe("ready");
  });

  it("re-reads the first page every 3 s while an entry is pending, and stops once none is", async () => {
    const { clock, cursors, ids } = start([
      { transactions: [row("w", "pending"), row("a")], nextCursor: "c1" },
      { transactions: [row("w", "pending"), row("a")], nextCursor: "c1" },
      { transactions: [row("r"), row("w", "failed"), row("a")], nextCursor: "c2" },
    ]);
    await flush();
    clock.increment(HISTORY_POLL_MS - 1);
    await flush();
    expect(cursors).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(cursors).toEqual([null, null]);
    clock.increment(HISTORY_POLL_MS);
    await flush();
    expect(ids()).toEqual(["r:completed", "w:failed", "a:completed"]);
    clock.increment(HISTORY_POLL_MS * 5);
    await flush();
    expect(cursors).toHaveLength(3);
  });

  it("REFRESH merges the newest page in front of the pages shown, keeps their cursor and never spins", async () => {
    const { actor, toasts, ids } = start([
      { transactions: [row("a")], nextCursor: "c1" },
      { transactions: [row("b")], nextCursor: "c2" },
      { transactions: [row("n"), row("a")], nextCursor: "other" },
      "fail",
    ]);
    await flush();
    actor.send({ type: "MORE" });
    await flush();
    actor.send({ type: "REFRESH" });
    expect(actor.getSnapshot().hasTag("loading")).toBe(false);
    await flush();
    expect(ids()).toEqual(["n:completed", "a:completed", "b:completed"]);
    expect(actor.getSnapshot().context.nextCursor).toBe("c2");
    // A failed refresh keeps what is shown and says nothing: the rows are still true.
    actor.send({ type: "REFRESH" });
    await flush();
    expect(ids()).toHaveLength(3);
    expect(toasts).toEqual([]);
  });

  it("says when the history could not load, and RELOAD or REFRESH try again", async () => {
    const { actor, toasts } = start(["fail", "fail", { transactions: [row("a")], nextCursor: null }]);
    await flush();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(toasts).toEqual(["Failed to fetch transactions"]);
    actor.send({ type: "RELOAD" });
    await flush();
    actor.send({ type: "REFRESH" });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(toasts).toHaveLength(2);
  });
});
