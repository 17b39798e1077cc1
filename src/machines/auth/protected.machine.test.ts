import { describe, expect, it } from "vitest";
import { createActor, createMachine, fromPromise, SimulatedClock } from "xstate";
import { TOASTS } from "./auth.messages.ts";
import { PROTECTED_CHECK_INTERVAL_MS, protectedMachine } from "./protected.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("protected wrapper machine", () => {
  it("checks every 10 s and, once the session is gone, toasts Session Expired once and tells the session", async () => {
    let stored = true;
    const received: string[] = [];
    const session = createActor(
      createMachine({ on: { "SESSION.LOST": { actions: () => received.push("SESSION.LOST") } } }),
    ).start();
    const clock = new SimulatedClock();
    const checks: number[] = [];
    const actor = createActor(
      protectedMachine.provide({
        actors: {
          isSessionStored: fromPromise(async () => {
            checks.push(clock.now());
            return stored;
          }),
        },
      }),
      { input: { session }, clock },
    );
    const toasts: unknown[] = [];
    actor.on("toast", (event) => toasts.push(event));
    actor.start();

    clock.increment(PROTECTED_CHECK_INTERVAL_MS - 1);
    await flush();
    expect(checks).toEqual([]);
    clock.increment(1);
    await flush();
    expect(checks).toEqual([PROTECTED_CHECK_INTERVAL_MS]);

    stored = false;
    clock.increment(PROTECTED_CHECK_INTERVAL_MS);
    await flush();
    expect(toasts).toEqual([
      { type: "toast", tone: "error", title: TOASTS.sessionExpiredTitle, description: TOASTS.sessionExpired },
    ]);
    expect(received).toEqual(["SESSION.LOST"]);

    clock.increment(PROTECTED_CHECK_INTERVAL_MS * 5);
    await flush();
    expect(toasts).toHaveLength(1);
    expect(checks).toHaveLength(2);
  });
});
