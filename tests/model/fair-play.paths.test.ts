/**
 * Generated paths of the standing machine (docs/fair-play.md, "What the player sees"): every state is
 * reached and every path replays on the real actor; each replay is checked for what the player must see and
 * what the server must be sent (never an appeal the form refused).
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { APPEAL_OPEN_MESSAGE } from "#contracts/fair-play-rules.ts";
import { APPEAL_SENT, appealProblem } from "#src/machines/fair-play/standing.machine.ts";
import { toStandingView } from "#src/machines/fair-play/standing.view.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import { NETWORK } from "./models/doubles.ts";
import { standingModel } from "./models/standing.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);

describe("standing machine: generated paths", () => {
  const options = standingModel.suites[0].options;
  const paths = suitePaths(standingModel, standingModel.suites[0]);
  it("reaches every state node", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(standingModel.machine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, emitted, actorInputs } = await replayPath(
      standingModel.machine,
      path,
      options,
      sameValue,
    );
    const titles = emitted.map((event) => (event as { title?: string }).title);
    const view = toStandingView(snapshot);
    // Only appeals the form accepted go out, trimmed.
    for (const { src, input } of actorInputs)
      if (src === "sendAppeal") {
        const { message } = input as { message: string };
        expect(appealProblem(message)).toBeNull();
        expect(message).toBe(message.trim());
      }
    const last = path.steps.at(-1)?.event as { type: string; error?: { code: string } } | undefined;
    if (last?.type === "xstate.done.actor.sendAppeal") {
      expect(titles).toContain(APPEAL_SENT);
      expect(view).toMatchObject({ dialogOpen: false, canAppeal: false });
      expect(view.appeal?.message).toBe("I tap with two thumbs.");
    }
    if (last?.error?.code === "APPEAL_OPEN") {
      expect(titles).toContain(APPEAL_OPEN_MESSAGE);
      expect(snapshot.hasTag("loading")).toBe(true);
    }
    if (last?.type === "xstate.error.actor.sendAppeal" && last.error?.code === "NETWORK_ERROR")
      expect(view).toMatchObject({
        dialogOpen: true,
        sendError: NETWORK.message,
        draft: "I tap with two thumbs.",
      });
    // The dialog is never open for an account in good standing or with an open appeal.
    if (view.dialogOpen) expect(view.status !== "ok" && view.appeal === null).toBe(true);
  });
});
