/** What screens show of the taps actor, derived from its snapshot. */
import type { SnapshotFrom } from "xstate";
import { microToNumber } from "#contracts/micro.ts";
import { formatRewards } from "#src/format/numbers.ts";
import type { tapsMachine } from "./taps.machine.ts";
import { pendingTaps } from "./taps.types.ts";

export type TapsSnapshot = SnapshotFrom<typeof tapsMachine>;

/** Taps of this browser the server has not acknowledged yet: this tab's and the other tabs'. */
const browserPendingTaps = (snapshot: TapsSnapshot) =>
  pendingTaps(snapshot.context) + snapshot.context.othersPendingTaps;

/**
 * Points shown = what the server confirmed + the taps it has not acknowledged yet, at today's multiplier and
 * the running booster's factor (what a batch sent now is credited at, docs/decisions/020).
 */
export const shownPointsMicro = (snapshot: TapsSnapshot) =>
  snapshot.context.pointsMicro +
  browserPendingTaps(snapshot) * snapshot.context.multiplierMicro * snapshot.context.boostFactor;

export const selectPoints = (snapshot: TapsSnapshot) => microToNumber(shownPointsMicro(snapshot));
/** The points as the tap screen and the header write them on every tap (src/ui/kit/live-text.tsx). */
export const selectPointsText = (snapshot: TapsSnapshot) => formatRewards(selectPoints(snapshot));
export const selectTotalTaps = (snapshot: TapsSnapshot) =>
  snapshot.context.totalTaps + browserPendingTaps(snapshot);
export const selectMultiplier = (snapshot: TapsSnapshot) => microToNumber(snapshot.context.multiplierMicro);
export const selectWalletBalance = (snapshot: TapsSnapshot) =>
  microToNumber(snapshot.context.walletBalanceMicro);
/** True until the first figures are known (from the server, or stored from a previous visit). */
export const selectLoading = (snapshot: TapsSnapshot) =>
  snapshot.hasTag("loading") && !snapshot.context.storedFigures;
/** Points one tap earns now: the multiplier times the running booster's factor. */
export const selectEarnPerTap = (snapshot: TapsSnapshot) =>
  microToNumber(snapshot.context.multiplierMicro * snapshot.context.boostFactor);
/** The server refused the taps: the account is frozen (403 ACCOUNT_FROZEN); they wait, stored, unsent. */
export const selectTapsFrozen = (snapshot: TapsSnapshot) => snapshot.hasTag("frozen");
/** The running combo chain's length in taps on this page, 0 when none (combo.ts). */
export const selectCombo = (snapshot: TapsSnapshot) => snapshot.context.combo;
