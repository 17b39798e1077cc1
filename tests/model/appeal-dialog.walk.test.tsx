/**
 * UI walks of the "Ask for a review" dialog: paths generated from the standing machine (its dialog region,
 * on an account in review), driven as gestures through the real Home screen with msw as the server. SEND
 * looks at the path's next step to tell the fake server how to answer (sent, 409 APPEAL_OPEN because one was
 * opened meanwhile, lost on the way, or never, for a leaf that waits). Every leaf is asserted on screen.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { APPEAL_OPEN_MESSAGE, STANDING_MESSAGES } from "#contracts/fair-play-rules.ts";
import { APPEAL_SENT, appealProblem, standingMachine } from "#src/machines/fair-play/standing.machine.ts";
import type { renderApp } from "../client/render-app.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";
import { NETWORK } from "./models/doubles.ts";
import { APPEAL_OPEN, REVIEW, T0 } from "./models/standing.model.ts";
import { describePath, generateTransitionPaths, type ModelEvent } from "./path-runner.ts";
import { findToast, renderSignedIn } from "./signed-in.tsx";

const backend = createFakeBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
  backend.fairPlay.clear();
});
afterAll(() => server.close());

type App = ReturnType<typeof renderApp>;
type Step = { event: ModelEvent; state: { value: unknown; context: { draft: string } } };

const SHORT = "no";
const WORDS = "I tap with two thumbs.";
const ELSEWHERE = "Sent from my other phone.";

const dialog = () => screen.getByRole("dialog", { name: "Ask for a review" });
const card = () => screen.findByRole("region", { name: "Your account" });
const field = () => within(dialog()).getByLabelText("What should we know?") as HTMLTextAreaElement;

// The dialog's part of the machine: the first read answers `review` with no appeal, and is not read again
// except after APPEAL_OPEN (then the server has the appeal opened elsewhere, which the leaf checks).
const paths = generateTransitionPaths(standingMachine, {
  input: { userId: "u1", app: null as never, now: () => T0 },
  fakeActors: ["loadStanding", "sendAppeal"],
  events: (snapshot) => [
    ...(snapshot.context.standing === null
      ? [{ type: "xstate.done.actor.loadStanding", output: REVIEW }]
      : []),
    { type: "OPEN" },
    { type: "CLOSE" },
    { type: "DRAFT.CHANGE", value: SHORT },
    { type: "DRAFT.CHANGE", value: WORDS },
    { type: "SEND" },
    { type: "xstate.done.actor.sendAppeal", output: undefined },
    { type: "xstate.error.actor.sendAppeal", error: APPEAL_OPEN },
    { type: "xstate.error.actor.sendAppeal", error: NETWORK },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.standing?.appeal !== null,
      snapshot.context.draft,
      snapshot.context.draftError !== null,
      snapshot.context.sendError !== null,
    ]),
});

async function typeDraft(app: App, value: string) {
  await app.user.clear(field());
  await app.user.click(field());
  await app.user.paste(value);
}

describe("Ask for a review: walks from Home", () => {
  it.each(paths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    const { app, userId } = renderSignedIn(backend, "/home", { points: 1 });
    backend.fairPlay.setStatus(userId, "review");
    try {
      const region = await card();
      const steps = path.steps.filter((step) => step.event.type !== "xstate.init") as unknown as Step[];
      for (const [index, step] of steps.entries()) {
        const next = steps[index + 1]?.event as { type: string; error?: { code: string } } | undefined;
        switch (step.event.type) {
          case "OPEN":
            await app.user.click(within(region).getByRole("button", { name: "Ask for a review" }));
            await screen.findByRole("dialog", { name: "Ask for a review" });
            break;
          case "CLOSE":
            await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
            await app.user.keyboard("{Escape}");
            await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
            break;
          case "DRAFT.CHANGE":
            await typeDraft(app, String(step.event.value));
            break;
          case "SEND":
            // The server's part, read from the next step (none: the leaf waits for an answer that never comes).
            if (next === undefined) backend.fairPlay.failNextAppeal("hang");
            else if (next.error?.code === "NETWORK_ERROR") backend.fairPlay.failNextAppeal("network");
            else if (next.error?.code === "APPEAL_OPEN")
              backend.fairPlay.openAppeal(userId, ELSEWHERE, "2030-01-02T11:00:00.000Z");
            await app.user.click(within(dialog()).getByRole("button", { name: "Send" }));
            break;
          default:
            break; // the server's answers, arranged by the gesture before them
        }
      }
      const leaf = path.state;
      const last = steps.at(-1)?.event as { type: string; error?: { code: string } } | undefined;
      const sent = backend.fairPlay.appealCalls.map((call) => call.message);
      // Only words the form accepted ever reach the server.
      for (const message of sent) expect(appealProblem(message)).toBeNull();
      expect(within(region).getByText(STANDING_MESSAGES.review)).toBeTruthy();
      if (leaf.matches({ ready: "closed" })) {
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
        if (last?.type === "xstate.done.actor.sendAppeal") {
          expect(await findToast(APPEAL_SENT)).toBeTruthy();
          expect(within(region).getByText(WORDS)).toBeTruthy();
          expect(within(region).queryByRole("button", { name: "Ask for a review" })).toBeNull();
        } else expect(within(region).getByRole("button", { name: "Ask for a review" })).toBeTruthy();
      } else if (leaf.matches({ ready: { open: "editing" } })) {
        expect(field().value).toBe(leaf.context.draft);
        if (leaf.context.draftError) {
          expect(within(dialog()).getByText(leaf.context.draftError)).toBeTruthy();
          expect(field().getAttribute("aria-invalid")).toBe("true");
        } else expect(field().getAttribute("aria-invalid")).toBeNull();
        if (leaf.context.sendError) {
          expect(await within(dialog()).findByRole("alert")).toBeTruthy();
          expect(sent.at(-1)).toBe(WORDS);
        }
      } else if (leaf.matches({ ready: { open: "sending" } })) {
        const busy = await within(dialog()).findByRole("button", { name: "Processing..." });
        expect(busy).toHaveProperty("disabled", true);
      } else if (leaf.matches("loading") && last?.error?.code === "APPEAL_OPEN") {
        expect(await findToast(APPEAL_OPEN_MESSAGE)).toBeTruthy();
        expect(await within(region).findByText(ELSEWHERE)).toBeTruthy();
        // The dialog closes as the standing is read again: its leaving is a render later on a busy machine.
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      } else if (leaf.matches("loading") && steps.length === 0) {
        // The path that only starts: the card above is drawn from the first read.
        expect(backend.fairPlay.standingReads).toEqual([userId]);
      } else {
        throw new Error(`no assertion for leaf ${JSON.stringify(leaf.value)}`);
      }
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
