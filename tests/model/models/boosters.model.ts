/** The boosters (tests/model/economy.paths.test.ts): app-lifetime; a stand-in root records what it is told. */
import { boostersMachine } from "#src/machines/economy/boosters.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { NETWORK, numberedIds } from "./doubles.ts";

export const T0 = Date.parse("2030-01-02T12:00:00.000Z");
const CATALOGUE = [{ id: "turbo-2x", name: "Turbo ×2", factor: 2, minutes: 10, pricePoints: 100 }];
const ENDS = new Date(T0 + 600_000).toISOString();
export const boostersApp = createFakeApp({ settles: false });

export const boosters: ModelOptions<unknown> = {
  input: { app: boostersApp.app, now: () => T0, newId: numberedIds("key") },
  fakeActors: ["loadBoosters", "purchaseBooster"],
  events: [
    { type: "PURCHASE", boosterId: "turbo-2x", points: 150 },
    { type: "PURCHASE", boosterId: "turbo-2x", points: 50 },
    { type: "RETRY" },
    { type: "STREAM.RESET" },
    { type: "BOOSTER.CHANGED", active: { id: "turbo-2x", factor: 2, endsAt: T0 + 600_000 } },
    { type: "BOOSTER.CHANGED", active: null },
    { type: "xstate.done.actor.loadBoosters", output: { catalogue: CATALOGUE, active: null } },
    { type: "xstate.error.actor.loadBoosters", error: NETWORK },
    {
      type: "xstate.done.actor.purchaseBooster",
      output: { active: { id: "turbo-2x", factor: 2, endsAt: ENDS }, points: 50 },
    },
    {
      type: "xstate.error.actor.purchaseBooster",
      error: { code: "INSUFFICIENT_POINTS", message: "Insufficient points", status: 409 },
    },
    { type: "xstate.error.actor.purchaseBooster", error: NETWORK },
    { type: "xstate.after.TICK.boosters.boost.active.counting" },
    { type: "xstate.after.GRACE.boosters.boost.grace" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.catalogue.length,
      snapshot.context.attempt !== null,
      snapshot.context.active?.endsAt ?? null,
    ]),
};

export const boostersModel = registerModel({
  name: "boosters",
  file: "src/machines/economy/boosters.machine.ts",
  machine: boostersMachine,
  suites: [{ name: "catalogue, purchases and the running booster", options: boosters, paths: "shortest" }],
});
