import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { APPEAL_OPEN_MESSAGE, STANDING_MESSAGES } from "#contracts/fair-play-rules.ts";
import type { StandingAnswer } from "#src/api/fair-play.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { APPEAL_FAILED, APPEAL_SENT, appealProblem, RETRY_MS, standingMachine } from "./standing.machine.ts";
import { selectStandingFrozen, toStandingView } from "./standing.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const T0 = Date.parse("2030-01-02T12:00:00.000Z");
const answer = (
  status: "ok" | "review" | "frozen",
  appeal: StandingAnswer["appeal"] = null,
): StandingAnswer => ({
  status,
  message: STANDING_MESSAGES[status],
  appeal,
});

function start(reads: Array<StandingAnswer | Error>, appeals: Array<object | null> = []) {
  const loads: string[] = [];
  const sent: Array<{ userId: string; message: string }> = [];
  const machine = standingMachine.provide({
    actors: {
      loadStanding: fromPromise<StandingAnswer, { userId: string }>(async ({ input }) => {
        loads.push(input.userId);
        const next = reads.shift() ?? answer("ok");
        if (next instanceof Error) throw { code: "NETWORK_ERROR", message: "offline", status: 0 };
        return next;
      }),
      sendAppeal: fromPromise<void, { userId: string; message: string }>(async ({ input }) => {
        sent.push(input);
        const refusal = appeals.shift();
        if (refusal) throw refusal;
      }),
    },
  });
  const { app, push } = createFakeApp();
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { userId: "u1", app, now: () => T0 }, clock });
  const toasts: string[] = [];
  actor.on("toast", (event) => toasts.push(`${event.tone}: ${event.title}`));
  actor.start();
  const view = () => toStandingView(actor.getSnapshot());
  return { actor, push, loads, sent, toasts, view, clock };
}

describe("appealProblem", () => {
  it("asks for 3 to 1000 characters, counting the words without their surrounding spaces", () => {
    expect(appealProblem("")).toBe("Write at least 3 characters.");
    expect(appealProblem("  ok  ")).toBe("Write at least 3 characters.");
    expect(appealProblem("why")).toBeNull();
    expect(appealProblem("x".repeat(1_000))).toBeNull();
    expect(appealProblem("x".repeat(1_001))).toBe("Keep it to 1,000 characters.");
  });
});

describe("standing machine", () => {
  it("reads the standing and says what it means; nothing to ask for while it is ok", async () => {
    const { actor, view, loads } = start([answer("ok")]);
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    expect(loads).toEqual(["u1"]);
    expect(view()).toMatchObject({ status: "ok", canAppeal: false, appeal: null });
    actor.send({ type: "OPEN" });
    expect(view().dialogOpen).toBe(false);
  });

  it("checks the words before sending, then shows the open appeal at once with a toast", async () => {
    const { actor, view, sent, toasts } = start([answer("review")]);
    await flush();
    expect(view()).toMatchObject({ status: "review", message: STANDING_MESSAGES.review, canAppeal: true });
    actor.send({ type: "OPEN" });
    expect(view().dialogOpen).toBe(true);
    actor.send({ type: "DRAFT.CHANGE", value: " a " });
    actor.send({ type: "SEND" });
    expect(view().draftError).toBe("Write at least 3 characters.");
    expect(sent).toEqual([]);
    actor.send({ type: "DRAFT.CHANGE", value: "  I tap with two thumbs.  " });
    expect(view().draftError).toBeNull();
    actor.send({ type: "SEND" });
    expect(view().sending).toBe(true);
    await flush();
    expect(sent).toEqual([{ userId: "u1", message: "I tap with two thumbs." }]);
    expect(toasts).toEqual([`success: ${APPEAL_SENT}`]);
    expect(view()).toMatchObject({
      dialogOpen: false,
      canAppeal: false,
      draft: "",
      appeal: { at: "2030-01-02T12:00:00.000Z", message: "I tap with two thumbs." },
    });
  });

  it("409 APPEAL_OPEN closes the dialog, says so, and reads the standing again to show the open appeal", async () => {
    const open = { at: "2030-01-02T11:00:00.000Z", message: "From my phone." };
    const { actor, view, toasts, loads } = start(
      [answer("frozen"), answer("frozen", open)],
      [{ code: "APPEAL_OPEN", status: 409, message: APPEAL_OPEN_MESSAGE }],
    );
    await flush();
    actor.send({ type: "OPEN" });
    actor.send({ type: "DRAFT.CHANGE", value: "Please look again." });
    actor.send({ type: "SEND" });
    await flush();
    await flush();
    expect(toasts).toEqual([`error: ${APPEAL_OPEN_MESSAGE}`]);
    expect(loads).toHaveLength(2);
    expect(view()).toMatchObject({ dialogOpen: false, appeal: open, canAppeal: false });
  });

  it("keeps the dialog and the draft when sending fails, and says what to do", async () => {
    const { actor, view } = start([answer("review")], [{ code: "NETWORK_ERROR", status: 0, message: "" }]);
    await flush();
    actor.send({ type: "OPEN" });
    actor.send({ type: "DRAFT.CHANGE", value: "Please look again." });
    actor.send({ type: "SEND" });
    await flush();
    expect(view()).toMatchObject({ dialogOpen: true, draft: "Please look again.", sendError: APPEAL_FAILED });
    actor.send({ type: "CLOSE" });
    expect(view().dialogOpen).toBe(false);
  });

  it("reads the standing again when the stream says it changed or lost events; a failed read is tried again by itself", async () => {
    const { view, push, loads, actor, clock } = start([answer("ok"), answer("frozen"), new Error("offline")]);
    await flush();
    push("user", { type: "STANDING.CHANGED", status: "frozen" });
    await flush();
    expect(view().status).toBe("frozen");
    expect(selectStandingFrozen(actor.getSnapshot())).toBe(true);
    push("user", { type: "STREAM.RESET" });
    await flush();
    expect(actor.getSnapshot().matches("failed")).toBe(true);
    // What was known stays on screen.
    expect(view().status).toBe("frozen");
    clock.increment(RETRY_MS - 1);
    await flush();
    expect(loads).toHaveLength(3);
    clock.increment(1);
    await flush();
    expect(loads).toHaveLength(4);
    expect(view().status).toBe("ok");
  });
});
