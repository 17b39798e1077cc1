/**
 * Which of the server's figures the taps actor takes, and when (docs/decisions/007, "Which answer wins").
 * Pure functions of the context: the machine names them as actions, the unit tests call them directly.
 * Total taps only ever grow, so they date every answer: an answer computed with fewer taps than we already
 * hold is older and never undoes what a newer one said.
 */
import { roundToMicro } from "#contracts/micro.ts";
import type { SyncAnswer } from "#src/api/rewards.ts";
import type { StoredRewards, TapBatch } from "#src/api/rewards-store.ts";
import { deferredPushFigures, pointsKey, pushedSince, walletKey } from "./taps.pushed.ts";
import type { Loaded, RewardsUpdate, TapsContext } from "./taps.types.ts";

type Figures = Partial<TapsContext>;

/**
 * The rewards keys' content at start: the figures for the first paint, this tab's taps left unsent, and the
 * other tabs' (shown, not sent: a tab that is gone is adopted later, STORE.ADOPTED).
 */
export const storedFigures = (stored: StoredRewards | null, othersPendingTaps: number): Figures =>
  stored === null
    ? { storedFigures: false, othersPendingTaps }
    : {
        othersPendingTaps,
        pointsMicro: stored.pointsMicro,
        totalTaps: stored.totalTaps,
        multiplierMicro: stored.multiplierMicro,
        walletBalanceMicro: stored.walletBalanceMicro,
        batches: stored.batches,
        unsyncedTaps: stored.unsyncedTaps,
        // Stored by an older version without them: that batch goes without intervals (taps.timing.ts).
        unsyncedIntervals: stored.unsyncedIntervals ?? [],
        storedFigures: true,
      };

/**
 * A batch's answer: its totals when newer than what we hold. A replayed batch's stored answer, or one
 * overtaken by a purchase, is older and only removes the batch. With no batch left, the pushes held back
 * while it was out are taken.
 */
export const syncAnswerFigures = (context: TapsContext, answer: SyncAnswer): Figures => {
  const answered: Figures = {
    ...(answer.totalTaps > context.totalTaps
      ? {
          pointsMicro: roundToMicro(answer.points),
          totalTaps: answer.totalTaps,
          multiplierMicro: roundToMicro(answer.multiplier),
        }
      : {}),
    batches: context.batches.filter((batch) => batch.batchId !== context.sendingBatchId),
    sendingBatchId: null,
    failures: 0,
  };
  return { ...answered, ...deferredPushFigures({ ...context, ...answered }) };
};

/**
 * Another tab's keys changed: the taps it holds are shown here too, and the figures it learnt (a batch of its
 * answered, say) taken when they are newer.
 */
export const sharedFigures = (
  context: TapsContext,
  othersPendingTaps: number,
  figures: StoredRewards | null,
): Figures => {
  const shared: Figures = {
    othersPendingTaps,
    ...(figures && figures.totalTaps > context.totalTaps
      ? {
          pointsMicro: figures.pointsMicro,
          totalTaps: figures.totalTaps,
          multiplierMicro: figures.multiplierMicro,
        }
      : {}),
  };
  return { ...shared, ...deferredPushFigures({ ...context, ...shared }) };
};

/** A gone tab's batches, now this tab's to send (none twice: an id already held is held once). */
export const adoptedFigures = (
  context: TapsContext,
  batches: TapBatch[],
  othersPendingTaps: number,
): Figures => {
  const held = new Set(context.batches.map((batch) => batch.batchId));
  return {
    batches: [...context.batches, ...batches.filter((batch) => !held.has(batch.batchId))],
    othersPendingTaps,
  };
};

/**
 * The server's figures from a load. A batch already sent may be in its totals (a keepalive send as the last
 * page closed) while we still count it as pending: until every batch is answered, the totals come from the
 * batches' answers, so nothing is shown twice. A late load (after a failed first one) also yields to a newer
 * sync answer, and a load yields, figure by figure, to what the stream pushed while it was out.
 */
export const loadedFigures = (context: TapsContext, loaded: Loaded, late: boolean): Figures => {
  const pushed = pushedSince(context);
  return {
    ...(context.batches.length === 0 && !pushed.points && (!late || loaded.totalTaps >= context.totalTaps)
      ? { pointsMicro: loaded.pointsMicro, totalTaps: loaded.totalTaps }
      : {}),
    ...(pushed.multiplier ? {} : { multiplierMicro: loaded.multiplierMicro }),
    ...(pushed.wallet ? {} : { walletBalanceMicro: loaded.walletBalanceMicro }),
    loaded: true,
  };
};

/**
 * A purchase's or withdrawal's figures. If a tap sync has answered with more taps than they were computed
 * with, ours are newer and keep their points and multiplier. Otherwise theirs win, totals included, so the
 * answer of a batch credited before the purchase (older) cannot bring the spent points back. Figures the
 * stream already pushed are no news: pushes after them may have moved on.
 */
export const updateFigures = (context: TapsContext, update: RewardsUpdate): Figures => {
  const current = update.totalTaps === undefined || update.totalTaps >= context.totalTaps;
  const alreadyPushed =
    update.totalTaps !== undefined &&
    update.pointsMicro !== undefined &&
    context.recentPushes.includes(pointsKey(update.totalTaps, update.pointsMicro));
  const walletPushed =
    update.walletBalanceMicro !== undefined &&
    context.recentPushes.includes(walletKey(update.walletBalanceMicro));
  return {
    ...(current && !alreadyPushed
      ? {
          pointsMicro: update.pointsMicro ?? context.pointsMicro,
          totalTaps: update.totalTaps ?? context.totalTaps,
          multiplierMicro: update.multiplierMicro ?? context.multiplierMicro,
        }
      : {}),
    ...(walletPushed ? {} : { walletBalanceMicro: update.walletBalanceMicro ?? context.walletBalanceMicro }),
  };
};

/** Nothing waits to be sent or acknowledged: the server's points are all the user sees. */
export const settled = (context: Pick<TapsContext, "batches" | "unsyncedTaps">) =>
  context.batches.length === 0 && context.unsyncedTaps === 0;
