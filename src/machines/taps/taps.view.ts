/** What screens show of the taps actor, derived from its snapshot. */
import type { SnapshotFrom } from "xstate";
import { fromMicro } from "#src/api/micro.ts";
import type { tapsMachine } from "./taps.machine.ts";
import { pendingTaps } from "./taps.types.ts";

export type TapsSnapshot = SnapshotFrom<typeof tapsMachine>;

/** Points shown = what the server confirmed + the taps it has not acknowledged yet, at today's multiplier. */
export const shownPointsMicro = (snapshot: TapsSnapshot) =>
  snapshot.context.pointsMicro + pendingTaps(snapshot.context) * snapshot.context.multiplierMicro;

export const selectPoints = (snapshot: TapsSnapshot) => fromMicro(shownPointsMicro(snapshot));
export const selectTotalTaps = (snapshot: TapsSnapshot) =>
  snapshot.context.totalTaps + pendingTaps(snapshot.context);
export const selectMultiplier = (snapshot: TapsSnapshot) => fromMicro(snapshot.context.multiplierMicro);
export const selectWalletBalance = (snapshot: TapsSnapshot) => fromMicro(snapshot.context.walletBalanceMicro);
/** True until the first figures are known (from the server, or stored from a previous visit). */
export const selectLoading = (snapshot: TapsSnapshot) =>
  snapshot.hasTag("loading") && !snapshot.context.storedFigures;
