/**
 * Which pushed figures the taps actor takes, and when (docs/decisions/018-live-events-in-the-browser.md).
 * The stream is ordered, so the last push is the server's latest word, with three exceptions that keep an
 * older word from undoing a newer one:
 * - while a batch's fate is unknown (sent, not answered) its taps may or may not be in a push's totals, so
 *   points and multiplier pushes wait in `deferredPushes` until every batch is answered (the same rule as a
 *   load's totals, docs/decisions/007);
 * - total taps only grow: a points push with fewer taps than we hold is older;
 * - a local answer (a purchase's, a withdrawal's) whose figures a push already brought is no news: it is
 *   not taken again, since pushes after it may have moved on (`recentPushes`, forgotten when the stream
 *   goes down and no echo will come).
 */
import { roundToMicro } from "#contracts/micro.ts";
import type { MultiplierChanged, PointsUpdated, WalletUpdated } from "../live/live.types.ts";
import type { DeferredPush, TapsContext } from "./taps.types.ts";

type Figures = Partial<TapsContext>;

const RECENT_PUSHES = 16;
export const pointsKey = (totalTaps: number, pointsMicro: number) => `points:${totalTaps}:${pointsMicro}`;
export const walletKey = (balanceMicro: number) => `wallet:${balanceMicro}`;
const remember = (recent: string[], key: string) =>
  [key, ...recent.filter((known) => known !== key)].slice(0, RECENT_PUSHES);

function applyPush(context: TapsContext, push: DeferredPush): Figures {
  if (push.kind === "multiplier") return { multiplierMicro: push.multiplierMicro };
  if (push.totalTaps < context.totalTaps) return {};
  return {
    pointsMicro: push.pointsMicro,
    totalTaps: push.totalTaps,
    multiplierMicro: push.multiplierMicro,
    recentPushes: remember(context.recentPushes, pointsKey(push.totalTaps, push.pointsMicro)),
  };
}

/** A later points push carries the multiplier too, so it replaces every deferred push before it. */
const defer = (deferred: DeferredPush[], push: DeferredPush) =>
  push.kind === "points" ? [push] : [...deferred.filter((earlier) => earlier.kind !== "multiplier"), push];

function takeOrDefer(context: TapsContext, push: DeferredPush): Figures {
  return context.batches.length > 0
    ? { deferredPushes: defer(context.deferredPushes, push) }
    : applyPush(context, push);
}

export function pushedPointsFigures(context: TapsContext, event: PointsUpdated): Figures {
  const push: DeferredPush = {
    kind: "points",
    pointsMicro: roundToMicro(event.points),
    totalTaps: event.totalTaps,
    multiplierMicro: roundToMicro(event.multiplier),
  };
  return { ...takeOrDefer(context, push), pushed: { ...context.pushed, points: context.pushed.points + 1 } };
}

export function pushedMultiplierFigures(context: TapsContext, event: MultiplierChanged): Figures {
  const push: DeferredPush = { kind: "multiplier", multiplierMicro: roundToMicro(event.multiplier) };
  return {
    ...takeOrDefer(context, push),
    pushed: { ...context.pushed, multiplier: context.pushed.multiplier + 1 },
  };
}

/** The wallet balance does not depend on taps: a push is taken at once. */
export function pushedWalletFigures(context: TapsContext, event: WalletUpdated): Figures {
  const walletBalanceMicro = roundToMicro(event.balance);
  return {
    walletBalanceMicro,
    recentPushes: remember(context.recentPushes, walletKey(walletBalanceMicro)),
    pushed: { ...context.pushed, wallet: context.pushed.wallet + 1 },
  };
}

/** Once no batch is pending, the pushes held back meanwhile, in order. */
export function deferredPushFigures(context: TapsContext): Figures {
  if (context.batches.length > 0 || context.deferredPushes.length === 0) return {};
  let current: TapsContext = { ...context, deferredPushes: [] };
  for (const push of context.deferredPushes) current = { ...current, ...applyPush(current, push) };
  const { pointsMicro, totalTaps, multiplierMicro, recentPushes } = current;
  return { pointsMicro, totalTaps, multiplierMicro, recentPushes, deferredPushes: [] };
}

/** A read that started before a push of a figure is older than that push for this figure. */
export const pushedSince = (context: TapsContext) => ({
  points: context.pushed.points !== context.loadFrom.points,
  multiplier:
    context.pushed.points !== context.loadFrom.points ||
    context.pushed.multiplier !== context.loadFrom.multiplier,
  wallet: context.pushed.wallet !== context.loadFrom.wallet,
});
