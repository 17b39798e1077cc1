/** Stop signals as stop requests: echoes within a second are one request; a later signal forces the exit. */
import { describe, expect, it } from "vitest";
import { SAME_REQUEST_WITHIN_MS, stopRequests } from "./stop-requests.ts";

function recorder() {
  let clock = 0;
  const seen: string[] = [];
  const receive = stopRequests({
    stop: (signal) => seen.push(`stop ${signal}`),
    force: (signal) => seen.push(`force ${signal}`),
    now: () => clock,
  });
  return {
    seen,
    at: (ms: number, signal: string) => {
      clock = ms;
      receive(signal);
    },
  };
}

describe("stop requests", () => {
  it("the same stop delivered three times (group, npm, start.mjs) is one graceful stop", () => {
    const { seen, at } = recorder();
    at(0, "SIGTERM");
    at(3, "SIGTERM");
    at(40, "SIGTERM");
    expect(seen).toEqual(["stop SIGTERM"]);
  });

  it("a Ctrl-C's SIGINT followed by a supervisor's SIGTERM within the window is still one stop", () => {
    const { seen, at } = recorder();
    at(0, "SIGINT");
    at(SAME_REQUEST_WITHIN_MS - 1, "SIGTERM");
    expect(seen).toEqual(["stop SIGINT"]);
  });

  it("a signal a second or more after the first forces the exit, however many echoes came between", () => {
    const { seen, at } = recorder();
    at(0, "SIGTERM");
    at(600, "SIGTERM");
    at(SAME_REQUEST_WITHIN_MS, "SIGTERM");
    expect(seen).toEqual(["stop SIGTERM", "force SIGTERM"]);
  });
});
