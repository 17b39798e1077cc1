/** The withdraw rewards dialog (tests/model/reward-dialogs.paths.test.ts): amount, taps settled, withdraw. */
import { withdrawRewardsMachine } from "#src/machines/rewards/withdraw-rewards.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { numberedIds, quietLiveEvents } from "./doubles.ts";

export const withdrawRewardsApp = createFakeApp({ settles: false });

export const withdrawRewards: ModelOptions<unknown> = {
  input: { app: withdrawRewardsApp.app, newId: numberedIds("key") },
  fakeActors: ["withdraw"],
  actors: quietLiveEvents,
  events: [
    { type: "OPEN" },
    { type: "CLOSE" },
    { type: "AMOUNT.CHANGE", value: "1.5" },
    { type: "AMOUNT.CHANGE", value: "abc" },
    { type: "AMOUNT.CHANGE", value: "9" },
    { type: "MAX", balance: 2.25 },
    { type: "SUBMIT", balance: 2.25 },
    { type: "TAPS.SETTLED" },
    { type: "xstate.after.SETTLE_TIMEOUT.withdrawRewards.open.withdrawing.settlingTaps" },
    {
      type: "xstate.done.actor.withdraw",
      output: { success: true, points: 0.75, totalTaps: 0, walletBalance: 1.5 },
    },
    {
      type: "xstate.error.actor.withdraw",
      error: { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance", status: 409 },
    },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.amount]),
};

export const withdrawRewardsModel = registerModel({
  name: "withdraw-rewards",
  file: "src/machines/rewards/withdraw-rewards.machine.ts",
  machine: withdrawRewardsMachine,
  suites: [{ name: "amount and withdrawal", options: withdrawRewards, paths: "shortest" }],
});
