/** The model of a page made by liveReadMachine (src/machines/economy/live-read.machine.ts): Leaderboard, Stats. */
import { fromCallback } from "xstate";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import { NETWORK, silentActor } from "./doubles.ts";

/** What a live-read page's paths test checks its reads against: the query in force before any QUERY. */
export interface LiveReadInput {
  query: string;
}

/**
 * `query` is the one the page opens with; `changesQuery` says whether a control of the page changes it (the
 * Leaderboard's period tabs) or never does (Stats reads the signed-in player's own figures), so the model
 * sends QUERY only where a person can.
 */
export function liveReadPage(
  id: string,
  query: string,
  news: ModelEvent[],
  changesQuery = true,
): ModelOptions<LiveReadInput> {
  return {
    input: { app: silentActor(), query } as LiveReadInput,
    fakeActors: ["load"],
    actors: { liveEvents: fromCallback(() => {}) },
    events: [
      { type: "RETRY" },
      ...(changesQuery ? [{ type: "QUERY", query: "week" }] : []),
      { type: "STREAM.RESET" },
      { type: "STREAM.DOWN" },
      { type: "STREAM.UP" },
      ...news,
      { type: "xstate.done.actor.load", output: { answer: 1 } },
      { type: "xstate.error.actor.load", error: NETWORK },
      { type: `xstate.after.REREAD_THROTTLE.${id}.ready.stale` },
      { type: `xstate.after.POLL.${id}.ready.fresh` },
    ],
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.missedNews,
        snapshot.context.streamUp,
        snapshot.context.data !== null,
        snapshot.context.query,
      ]),
  };
}
