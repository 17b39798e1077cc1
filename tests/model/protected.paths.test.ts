import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import { protectedMachine } from "#src/machines/auth/protected.machine.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import { protectedChecks as model, protectedModel } from "./models/protected.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const paths = suitePaths(protectedModel, protectedModel.suites[0]);

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
