/**
 * The player's standing and appeal (tests/model/fair-play.paths.test.ts): load, the stream's changes, the
 * "Ask for a review" dialog with a draft too short and one that goes, a second appeal (409) and a lost answer.
 */
import { APPEAL_OPEN_MESSAGE, STANDING_MESSAGES } from "#contracts/fair-play-rules.ts";
import { standingMachine } from "#src/machines/fair-play/standing.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";
import { NETWORK, quietLiveEvents, silentActor } from "./doubles.ts";

export const T0 = Date.parse("2030-01-02T12:00:00.000Z");
export const REVIEW = { status: "review", message: STANDING_MESSAGES.review, appeal: null };
export const OK = { status: "ok", message: STANDING_MESSAGES.ok, appeal: null };
export const APPEALED = {
  status: "frozen",
  message: STANDING_MESSAGES.frozen,
  appeal: { at: "2030-01-02T11:00:00.000Z", message: "From my phone." },
};
export const APPEAL_OPEN = { code: "APPEAL_OPEN", message: APPEAL_OPEN_MESSAGE, status: 409 };

export const standing: ModelOptions<unknown> = {
  input: { userId: "u1", app: silentActor(), now: () => T0 },
  fakeActors: ["loadStanding", "sendAppeal"],
  actors: quietLiveEvents,
  events: [
    { type: "xstate.after.RETRY.standing.failed" },
    { type: "OPEN" },
    { type: "CLOSE" },
    { type: "DRAFT.CHANGE", value: "no" },
    { type: "DRAFT.CHANGE", value: "I tap with two thumbs." },
    { type: "SEND" },
    { type: "STANDING.CHANGED", status: "frozen" },
    { type: "STREAM.RESET" },
    { type: "xstate.done.actor.loadStanding", output: REVIEW },
    { type: "xstate.done.actor.loadStanding", output: OK },
    { type: "xstate.done.actor.loadStanding", output: APPEALED },
    { type: "xstate.error.actor.loadStanding", error: NETWORK },
    { type: "xstate.done.actor.sendAppeal", output: undefined },
    { type: "xstate.error.actor.sendAppeal", error: APPEAL_OPEN },
    { type: "xstate.error.actor.sendAppeal", error: NETWORK },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.standing?.status ?? null,
      snapshot.context.standing?.appeal !== null && snapshot.context.standing !== null,
      snapshot.context.draft.length >= 3,
      snapshot.context.draftError !== null,
      snapshot.context.sendError !== null,
    ]),
};

export const standingModel = registerModel({
  name: "standing",
  file: "src/machines/fair-play/standing.machine.ts",
  machine: standingMachine,
  suites: [{ name: "standing and appeal", options: standing, paths: "shortest" }],
});
