import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { telegramLinkMachine } from "#src/machines/auth/telegram-link.machine.ts";
import { TELEGRAM_LINK_MESSAGES } from "#src/machines/auth/telegram-link.messages.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import {
  LINKED_USER,
  telegramLink,
  telegramLinkModel,
  telegramLinkSession,
} from "./models/telegram-link.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameState = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.error).toBe(expected.context.error);
};

describe("telegram link dialog machine: generated paths", () => {
  const paths = suitePaths(telegramLinkModel, telegramLinkModel.suites[0]!);
  const received = telegramLinkSession.received;

  it("reaches every state node", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(telegramLinkMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    received.length = 0;
    const { snapshot, emitted, actorInputs } = await replayPath(
      telegramLinkMachine,
      path,
      telegramLink,
      sameState,
    );
    const types = path.steps.map((step) => step.event.type);
    // Only a change the server made reaches the session, each with the account as the server answered it.
    const done = types.filter((type) => type === "xstate.done.actor.changeLink").length;
    expect(received).toEqual(Array(done).fill({ type: "USER.UPDATED", user: LINKED_USER }));
    expect(emitted.filter((event) => event.type === "toast")).toHaveLength(done);
    // Nothing goes out without a password, and a closed dialog holds none.
    for (const { input } of actorInputs) expect(input).toMatchObject({ password: "correct horse" });
    if (snapshot.matches("closed")) expect(snapshot.context.password).toBe("");
    // A refused password is typed again; the dialog says why.
    const last = path.steps.at(-1)?.event as { type: string; error?: { code: string } } | undefined;
    if (last?.error?.code === "REAUTH_REQUIRED") {
      expect(snapshot.context.password).toBe("");
      expect(snapshot.context.error).toBe(TELEGRAM_LINK_MESSAGES.wrongPassword);
    }
  });
});
