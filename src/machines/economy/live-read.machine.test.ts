import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { ApiError } from "#src/api/errors.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { leaderboardMachine } from "./leaderboard.machine.ts";
import { POLL_MS, REREAD_THROTTLE_MS } from "./live-read.machine.ts";
import { toLiveReadView } from "./live-read.view.ts";
import { statsMachine } from "./stats.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const NETWORK: ApiError = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const points = (value: number) =>
  ({ type: "POINTS.UPDATED", points: value, totalTaps: 1, multiplier: 0.001 }) as const;

type Answer = { read: number; query: string } | ApiError;

function start(
  machine: typeof leaderboardMachine,
  options: { failures?: number[]; streamUp?: boolean; query?: string } = {},
) {
  const clock = new SimulatedClock();
  const reads: string[] = [];
  const { app, push } = createFakeApp({ streamsUp: { user: options.streamUp ?? true } });
  const actor = createActor(
    machine.provide({
      actors: {
        load: fromPromise<unknown, string>(async ({ input }): Promise<Answer> => {
          reads.push(input);
          if (options.failures?.includes(reads.length)) throw NETWORK;
          return { read: reads.length, query: input };
        }),
      },
    }),
    { input: { app, query: options.query ?? "day" }, clock },
  ).start();
  return {
    actor,
    push,
    reads,
    view: () => toLiveReadView<{ read: number; query: string }>(actor.getSnapshot()),
    advance: async (ms: number) => {
      clock.increment(ms);
      await flush();
    },
  };
}

describe("live read (leaderboard, stats)", () => {
  it("loads the query; a failed load offers a retry", async () => {
    const page = start(leaderboardMachine, { failures: [1] });
    expect(page.view().status).toBe("loading");
    await flush();
    expect(page.view()).toMatchObject({ status: "failed", data: null });
    page.actor.send({ type: "RETRY" });
    await flush();
    expect(page.view()).toMatchObject({ status: "ready", data: { read: 2, query: "day" }, updating: false });
  });

  it("a new query reads at once and shows its own answer", async () => {
    const page = start(leaderboardMachine);
    await flush();
    page.actor.send({ type: "QUERY", query: "week" });
    expect(page.view().status).toBe("loading");
    await flush();
    expect(page.view().data).toEqual({ read: 2, query: "week" });
    expect(page.reads).toEqual(["day", "week"]);
  });

  it("reads again once per throttle window after news, keeping the figures on screen meanwhile", async () => {
    const page = start(statsMachine, { query: "user-1" });
    await flush();
    page.push("user", points(1));
    page.push("user", points(2));
    page.push("user", { type: "MULTIPLIER.CHANGED", multiplier: 0.002 });
    await page.advance(REREAD_THROTTLE_MS - 1);
    expect(page.reads).toHaveLength(1);
    await page.advance(1);
    expect(page.reads).toEqual(["user-1", "user-1"]);
    expect(page.view()).toMatchObject({ status: "ready", data: { read: 2 } });
    // Events that do not change the read are not news.
    page.push("user", { type: "WALLET.UPDATED", balance: 3 });
    await page.advance(REREAD_THROTTLE_MS * 2);
    expect(page.reads).toHaveLength(2);
  });

  it("news during the first read or a re-read makes another read due; a failed re-read keeps the figures", async () => {
    const page = start(statsMachine, { query: "user-1", failures: [2] });
    page.push("user", points(1));
    await flush();
    expect(page.view().data).toEqual({ read: 1, query: "user-1" });
    await page.advance(REREAD_THROTTLE_MS);
    // The second read failed: the first answer stays.
    expect(page.reads).toHaveLength(2);
    expect(page.view()).toMatchObject({ status: "ready", data: { read: 1 }, updating: false });
    page.push("user", points(2));
    await page.advance(REREAD_THROTTLE_MS);
    expect(page.view().data).toEqual({ read: 3, query: "user-1" });
  });

  it("the leaderboard reads every half minute even with the stream up; stats only while it is down", async () => {
    const board = start(leaderboardMachine);
    await flush();
    await board.advance(POLL_MS);
    expect(board.reads).toHaveLength(2);

    const up = start(statsMachine, { query: "user-1" });
    await flush();
    await up.advance(POLL_MS * 2);
    expect(up.reads).toHaveLength(1);

    const down = start(statsMachine, { query: "user-1", streamUp: false });
    await flush();
    await down.advance(POLL_MS);
    expect(down.reads).toHaveLength(2);
    down.push("user", { type: "STREAM.UP" });
    await down.advance(POLL_MS * 2);
    expect(down.reads).toHaveLength(2);
  });

  it("a stream reset reads again at once, behind the figures already shown", async () => {
    const page = start(leaderboardMachine);
    await flush();
    page.push("user", { type: "STREAM.RESET" });
    // Not throttled (events were lost, nobody knows how many) and not blank: the last answer stays meanwhile.
    expect(page.view()).toMatchObject({ status: "ready", data: { read: 1 }, updating: true });
    expect(page.reads).toHaveLength(2);
    await flush();
    expect(page.view()).toMatchObject({ status: "ready", data: { read: 2, query: "day" }, updating: false });
  });

  it("a stream reset before any answer reads from scratch; after a failure it retries", async () => {
    const page = start(statsMachine, { query: "user-1", failures: [1] });
    await flush();
    expect(page.view().status).toBe("failed");
    page.push("user", { type: "STREAM.RESET" });
    expect(page.view().status).toBe("loading");
    await flush();
    expect(page.view()).toMatchObject({ status: "ready", data: { read: 2, query: "user-1" } });
  });
});
