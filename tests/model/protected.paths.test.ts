import { describe, expect, it } from "vitest";
import { type AnyMachineSnapshot, createActor, createMachine } from "xstate";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import { protectedMachine } from "#src/machines/auth/protected.machine.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const session = createActor(createMachine({})).start();
const model: ModelOptions<{ session: typeof session }> = {
  input: { session },
  fakeActors: ["isSessionStored"],
  events: [
    { type: "xstate.after.CHECK_INTERVAL.protected.watching" },
    { type: "xstate.done.actor.isSessionStored", output: true },
    { type: "xstate.done.actor.isSessionStored", output: false },
    { type: "xstate.error.actor.isSessionStored", error: new Error("storage blocked") },
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
const paths = generatePaths(protectedMachine, model);

describe("protected wrapper machine: generated paths", () => {
  it("reaches every state node", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(protectedMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, emitted } = await replayPath(
      protectedMachine,
      path,
      model,
      (expected: AnyMachineSnapshot, actual) => expect(actual.value).toEqual(expected.value),
    );
    const expiredToasts = emitted.filter(
      (event) => event.type === "toast" && String(event.title) === TOASTS.sessionExpiredTitle,
    );
    expect(expiredToasts).toHaveLength(snapshot.matches("expired") ? 1 : 0);
  });
});
