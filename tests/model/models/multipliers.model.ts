/** The multipliers dialog (tests/model/reward-dialogs.paths.test.ts): options, purchases, the live stream. */
import { multipliersMachine } from "#src/machines/rewards/multipliers.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { numberedIds, quietLiveEvents } from "./doubles.ts";

/** The root actor as the dialog sees it: it records what it is told and leaves TAPS.SETTLED to the model. */
export const multipliersApp = createFakeApp({ settles: false });
const catalogue = [
  { multiplier_value: 0.001, price_usdt: 0 },
  { multiplier_value: 0.002, price_usdt: 5 },
];
const PURCHASED = {
  type: "xstate.done.actor.purchase",
  output: { success: true, multiplier: 0.002, points: 50, totalTaps: 0, walletBalance: 15 },
};

export const multipliers: ModelOptions<unknown> = {
  input: { app: multipliersApp.app, newId: numberedIds("key") },
  fakeActors: ["loadOptions", "purchase"],
  actors: quietLiveEvents,
  events: [
    { type: "OPEN" },
    { type: "CLOSE" },
    { type: "RETRY" },
    { type: "PURCHASE", value: 0.002, points: 150 },
    { type: "PURCHASE", value: 0.002, points: 99.9999 },
    { type: "xstate.done.actor.loadOptions", output: catalogue },
    { type: "xstate.error.actor.loadOptions", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
    PURCHASED,
    {
      type: "xstate.error.actor.purchase",
      error: { code: "NOT_ENOUGH_FUNDS", message: "Not enough funds", status: 409 },
    },
    { type: "xstate.error.actor.purchase", error: { code: "SERVER_ERROR", message: "x", status: 500 } },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.options.length]),
};

export const multipliersLive: ModelOptions<unknown> = {
  ...multipliers,
  events: [
    { type: "OPEN" },
    { type: "CLOSE" },
    { type: "PURCHASE", value: 0.002, points: 150 },
    { type: "xstate.done.actor.loadOptions", output: catalogue },
    { type: "xstate.error.actor.purchase", error: { code: "SERVER_ERROR", message: "x", status: 500 } },
    PURCHASED,
    { type: "MULTIPLIER.CHANGED", multiplier: 0.002 },
    { type: "MULTIPLIER.CHANGED", multiplier: 0.005 },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.options.length, snapshot.context.attempt]),
};

export const multipliersModel = registerModel({
  name: "multipliers",
  file: "src/machines/rewards/multipliers.machine.ts",
  machine: multipliersMachine,
  suites: [
    { name: "options and purchases", options: multipliers, paths: "shortest" },
    { name: "with the live stream", options: multipliersLive, paths: "shortest" },
  ],
});
