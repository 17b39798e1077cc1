/** The referral card (tests/model/economy.paths.test.ts): load, copy, share, pushed figures, re-reads. */
import { referralMachine } from "#src/machines/economy/referral.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";
import { NETWORK, quietLiveEvents, silentActor } from "./doubles.ts";

export const REFERRALS = {
  code: "ab12cd34",
  link: "http://app.test/auth?mode=signup&ref=ab12cd34",
  invited: 0,
  earnedPoints: 0,
  earnedToday: 0,
  dailyCap: 1000,
  sharePercent: 10,
  friends: [],
};

export const referral: ModelOptions<unknown> = {
  input: { app: silentActor() },
  fakeActors: ["loadReferrals", "copyText", "shareLink"],
  actors: quietLiveEvents,
  events: [
    { type: "RETRY" },
    { type: "COPY" },
    { type: "SHARE" },
    { type: "STREAM.RESET" },
    { type: "STREAM.DOWN" },
    { type: "REFERRAL.UPDATED", invited: 1, earnedPoints: 0.5, earnedToday: 0.5 },
    { type: "xstate.done.actor.loadReferrals", output: REFERRALS },
    { type: "xstate.error.actor.loadReferrals", error: NETWORK },
    { type: "xstate.done.actor.copyText", output: undefined },
    { type: "xstate.error.actor.copyText", error: new Error("denied") },
    { type: "xstate.done.actor.shareLink", output: undefined },
    { type: "xstate.error.actor.shareLink", error: { name: "AbortError" } },
    { type: "xstate.error.actor.shareLink", error: { name: "NotAllowedError" } },
    { type: "xstate.after.REREAD_THROTTLE.referral.ready.figures.stale" },
    { type: "xstate.after.POLL.referral.ready.figures.fresh" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.missedNews, snapshot.context.streamUp]),
};

export const referralModel = registerModel({
  name: "referral",
  file: "src/machines/economy/referral.machine.ts",
  machine: referralMachine,
  suites: [{ name: "copy, share and live figures", options: referral, paths: "transitions" }],
});
