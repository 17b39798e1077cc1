/** Fair play's frames (docs/fair-play.md): the standing, a held or rejected withdrawal, a closed account. */
import { describe, expect, it } from "vitest";
import { FRAME_TYPES, frameToEvent } from "./live-frames.ts";

const frame = (type: string, data: unknown) => ({ id: "1", type, data: JSON.stringify(data) });

describe("live frames of fair play", () => {
  it("turns a `standing` frame into STANDING.CHANGED, and drops one with a status it does not know", () => {
    expect(FRAME_TYPES).toContain("standing");
    expect(frameToEvent(frame("standing", { status: "frozen" }))).toEqual({
      type: "STANDING.CHANGED",
      status: "frozen",
    });
    expect(frameToEvent(frame("standing", { status: "banned" }))).toBeNull();
    expect(frameToEvent(frame("standing", {}))).toBeNull();
  });

  it("keeps a withdrawal held for review, and a rejected one's reason", () => {
    expect(
      frameToEvent(frame("withdrawal", { id: "w1", amount: 300, status: "review", txId: null })),
    ).toEqual({
      type: "WITHDRAWAL.UPDATED",
      id: "w1",
      amount: 300,
      status: "review",
      txId: null,
    });
    expect(
      frameToEvent(
        frame("withdrawal", { id: "w1", amount: 300, status: "failed", txId: null, reason: "Farm." }),
      ),
    ).toMatchObject({ status: "failed", reason: "Farm." });
  });

  it("passes a closed account's `session` reason on", () => {
    expect(frameToEvent(frame("session", { reason: "banned" }))).toEqual({
      type: "SESSION.REVOKED",
      reason: "banned",
    });
  });
});
