import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { PointsHistoryAnswer, PointsHistoryEntry } from "#src/api/economy.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { pointsHistoryMachine } from "./points-history.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const row = (id: string, factor = 1): PointsHistoryEntry => ({
  id,
  kind: "taps",
  points: 0.002 * factor,
  multiplier: 0.001,
  factor,
  timestamp: "2030-01-02T12:00:00.000Z",
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start() {
  const { app, push } = createFakeApp({ streamsUp: { user: true } });
  const calls: Array<{ cursor: string | null; answer: ReturnType<typeof deferred<PointsHistoryAnswer>> }> =
    [];
  const actor = createActor(
    pointsHistoryMachine.provide({
      actors: {
        loadHistoryPage: fromPromise(({ input }: { input: { userId: string; cursor: string | null } }) => {
          const answer = deferred<PointsHistoryAnswer>();
          calls.push({ cursor: input.cursor, answer });
          return answer.promise;
        }),
      },
    }),
    { input: { app, userId: "u1" } },
  ).start();
  const ids = () => actor.getSnapshot().context.rows.map((entry) => entry.id);
  return { actor, push, calls, ids };
}

describe("points history", () => {
  it("loads the first page, appends the next on MORE, and a failed MORE says so", async () => {
    const { actor, calls, ids } = start();
    calls[0]!.answer.resolve({ history: [row("b3", 2), row("b2")], nextCursor: "2" });
    await flush();
    expect(ids()).toEqual(["b3", "b2"]);
    actor.send({ type: "MORE" });
    expect(actor.getSnapshot().hasTag("more")).toBe(true);
    expect(calls[1]!.cursor).toBe("2");
    calls[1]!.answer.reject({ code: "NETWORK_ERROR", status: 0 });
    await flush();
    expect(actor.getSnapshot().context.moreFailed).toBe(true);
    actor.send({ type: "MORE" });
    expect(actor.getSnapshot().context.moreFailed).toBe(false);
    calls[2]!.answer.resolve({ history: [row("b1")], nextCursor: null });
    await flush();
    expect(ids()).toEqual(["b3", "b2", "b1"]);
    actor.send({ type: "MORE" });
    expect(calls).toHaveLength(3);
  });

  it("a points push reads the first page again and puts new batches on top, once each", async () => {
    const { push, calls, ids } = start();
    calls[0]!.answer.resolve({ history: [row("b2"), row("b1")], nextCursor: null });
    await flush();
    push("user", { type: "POINTS.UPDATED", points: 1, totalTaps: 10, multiplier: 0.001 });
    expect(calls[1]!.cursor).toBeNull();
    // Another push while that read is out: it may predate it, so it is read once more after.
    push("user", { type: "POINTS.UPDATED", points: 2, totalTaps: 20, multiplier: 0.001 });
    calls[1]!.answer.resolve({ history: [row("b3", 2), row("b2")], nextCursor: null });
    await flush();
    expect(ids()).toEqual(["b3", "b2", "b1"]);
    expect(calls).toHaveLength(3);
    calls[2]!.answer.resolve({ history: [row("b4"), row("b3", 2)], nextCursor: null });
    await flush();
    expect(ids()).toEqual(["b4", "b3", "b2", "b1"]);
  });

  it("keeps a combo bonus as its own row above its batch, and a refresh brings both once", async () => {
    const { push, calls, actor } = start();
    const combo: PointsHistoryEntry = { ...row("b2:combo"), kind: "combo", points: 0.005 };
    calls[0]!.answer.resolve({ history: [row("b1")], nextCursor: null });
    await flush();
    push("user", { type: "POINTS.UPDATED", points: 1, totalTaps: 60, multiplier: 0.001 });
    calls[1]!.answer.resolve({ history: [combo, row("b2"), row("b1")], nextCursor: null });
    await flush();
    expect(actor.getSnapshot().context.rows.map((entry) => `${entry.id}:${entry.kind}`)).toEqual([
      "b2:combo:combo",
      "b2:taps",
      "b1:taps",
    ]);
  });

  it("a failed first load can be retried", async () => {
    const { actor, calls } = start();
    calls[0]!.answer.reject({ code: "SERVER_ERROR", status: 500 });
    await flush();
    expect(actor.getSnapshot().matches("failed")).toBe(true);
    actor.send({ type: "RETRY" });
    expect(calls).toHaveLength(2);
  });
});
