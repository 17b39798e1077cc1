/** The protected layout's storage check (tests/model/protected.paths.test.ts). */
import { protectedMachine } from "#src/machines/auth/protected.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";
import { silentActor } from "./doubles.ts";

export const protectedChecks: ModelOptions<unknown> = {
  input: { session: silentActor() },
  fakeActors: ["isSessionStored"],
  events: [
    { type: "xstate.after.CHECK_INTERVAL.protected.watching" },
    { type: "xstate.done.actor.isSessionStored", output: true },
    { type: "xstate.done.actor.isSessionStored", output: false },
    { type: "xstate.error.actor.isSessionStored", error: new Error("storage blocked") },
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};

export const protectedModel = registerModel({
  name: "protected",
  file: "src/machines/auth/protected.machine.ts",
  machine: protectedMachine,
  suites: [{ name: "storage checks", options: protectedChecks, paths: "shortest" }],
});
