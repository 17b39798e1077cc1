/** What Home's standing card, its appeal dialog and the tap screen show of the standing machine. */
import type { SnapshotFrom } from "xstate";
import { STANDING_MESSAGES } from "#contracts/fair-play-rules.ts";
import type { standingMachine } from "./standing.machine.ts";

export type StandingSnapshot = SnapshotFrom<typeof standingMachine>;
export type StandingStatus = keyof typeof STANDING_MESSAGES;

export interface StandingView {
  /** Null until the standing is known (loading, or it could not be read). */
  status: StandingStatus | null;
  /** What the status means, in plain words (the same words the server sends). */
  message: string;
  appeal: { at: string; message: string } | null;
  canAppeal: boolean;
  dialogOpen: boolean;
  draft: string;
  draftError: string | null;
  sendError: string | null;
  sending: boolean;
}

/** The wire's status as one the client has words for (the contract types it as a TypeBox enum value). */
const isStandingStatus = (status: unknown): status is StandingStatus =>
  typeof status === "string" && Object.hasOwn(STANDING_MESSAGES, status);
export const standingStatusOf = (status: unknown): StandingStatus | null =>
  isStandingStatus(status) ? status : null;

export function toStandingView(snapshot: StandingSnapshot): StandingView {
  const { standing, draft, draftError, sendError } = snapshot.context;
  const status = standingStatusOf(standing?.status);
  return {
    status,
    message: status === null ? "" : STANDING_MESSAGES[status],
    appeal: standing?.appeal ?? null,
    canAppeal: snapshot.can({ type: "OPEN" }),
    dialogOpen: snapshot.matches({ ready: "open" }),
    draft,
    draftError,
    sendError,
    sending: snapshot.hasTag("busy"),
  };
}

/** The account is frozen: taps are paused (the tap screen disables its button and says why). */
export const selectStandingFrozen = (snapshot: StandingSnapshot) =>
  standingStatusOf(snapshot.context.standing?.status) === "frozen";
