/**
 * The tap signals (`regular-cadence`, `no-timing`, `cap-rate`: docs/fair-play.md) are checked after a sync has
 * answered, and only when the batch just written could complete one: a metronome-even batch, a batch of 20 or
 * more taps without timing, or one that took the account's current minute to 90 % or more of the tap cap.
 * A person's batches are none of these, so for them the sync costs one comparison; the check itself reads the
 * account's recent batches (tap_batches, by user and time) after the answer, in a transaction of its own, so it
 * never holds the sync's rows (docs/decisions: fair play's timing).
 *
 * Per instance, a check already running for an account is not started twice (it runs once more afterwards if
 * another batch asked meanwhile), and a signal the account already carries is not checked again for a while.
 */
import type { SignalId } from "#contracts/fair-play-rules.ts";
import { countingSignalIds } from "../../db/repos/risk-signals.repo.ts";
import {
  creditedMinutesSince,
  timedBatchesSince,
  untimedBatchesSince,
} from "../../db/repos/risk-timing.repo.ts";
import { RecentMap } from "../../lib/recent-map.ts";
import type { Uses } from "../deps.ts";
import { TAPS_PER_SECOND } from "../taps/token-bucket.ts";
import { type RaiseDeps, raiseSignals } from "./raise-signals.ts";
import {
  CADENCE_BATCHES,
  CADENCE_MAX_CV,
  CADENCE_MIN_INTERVALS,
  capRate,
  DAY_MS,
  type IntervalStats,
  NO_TIMING_BATCHES,
  NO_TIMING_MIN_TAPS,
  noTiming,
  type RaisedSignal,
  regularCadence,
} from "./signals.ts";

export type TapSignalId = Extract<SignalId, "regular-cadence" | "no-timing" | "cap-rate">;

/** What the sync knows of the batch it just wrote. */
export interface WrittenBatch {
  at: Date;
  tapsClaimed: number;
  tapsCredited: number;
  /** The batch's timing summary; null when it came without intervals. */
  timing: IntervalStats | null;
}

const CAP_PER_MINUTE = TAPS_PER_SECOND * 60;
const MINUTE_MS = 60_000;

/** The timing signals this batch could complete (pure: no query for an ordinary batch). */
export function timingSignalsToCheck(batch: WrittenBatch): TapSignalId[] {
  const kinds: TapSignalId[] = [];
  const { timing } = batch;
  if (timing && timing.count >= CADENCE_MIN_INTERVALS && timing.cv !== null && timing.cv < CADENCE_MAX_CV) {
    kinds.push("regular-cadence");
  }
  if (!timing && batch.tapsClaimed >= NO_TIMING_MIN_TAPS) kinds.push("no-timing");
  return kinds;
}

/** An account's credited taps in its current UTC minute, as this instance saw them. */
export interface MinuteTally {
  minute: number;
  taps: number;
}

/**
 * Adds the batch to the account's minute on this instance; answers the new tally and whether this batch took the
 * minute to 90 % of the cap (once per minute, so an account at the cap asks for one cap-rate check a minute).
 * A player syncs through one instance (the balancer hashes the token), so the tally is usually the whole
 * minute; it only decides when to look, the check reads the database.
 */
export function tallyMinute(
  tally: MinuteTally | undefined,
  batch: Pick<WrittenBatch, "at" | "tapsCredited">,
): { tally: MinuteTally; reachedCap: boolean } {
  const minute = Math.floor(batch.at.getTime() / MINUTE_MS);
  const before = tally && tally.minute === minute ? tally.taps : 0;
  const after = before + batch.tapsCredited;
  const atCap = (taps: number) => taps * 10 >= CAP_PER_MINUTE * 9;
  return { tally: { minute, taps: after }, reachedCap: atCap(after) && !atCap(before) };
}

export type TapSignalDeps = RaiseDeps & Uses<"background">;

interface InstanceState {
  running: Map<string, Set<TapSignalId>>;
  minutes: RecentMap<string, MinuteTally>;
  /** userId → signal → until when it is known to be carried (ms). */
  carried: RecentMap<string, Map<TapSignalId, number>>;
}

const states = new WeakMap<object, InstanceState>();
/** How long a signal found carried is not checked again on this instance. */
const CARRIED_MEMO_MS = 10 * 60_000;

function stateOf(deps: Uses<"db">): InstanceState {
  let state = states.get(deps.db);
  if (!state) {
    state = { running: new Map(), minutes: new RecentMap(20_000), carried: new RecentMap(20_000) };
    states.set(deps.db, state);
  }
  return state;
}

/** Called by the sync after a batch was written: starts a check after the answer when the batch asks for one. */
export function afterBatchWritten(deps: TapSignalDeps, userId: string, batch: WrittenBatch): void {
  const state = stateOf(deps);
  const nowMs = batch.at.getTime();
  const memo = state.carried.get(userId);
  const counted = tallyMinute(state.minutes.get(userId), batch);
  state.minutes.set(userId, counted.tally);
  const asked = timingSignalsToCheck(batch);
  if (counted.reachedCap) asked.push("cap-rate");
  const kinds = asked.filter((kind) => (memo?.get(kind) ?? 0) <= nowMs);
  if (kinds.length === 0) return;
  const running = state.running.get(userId);
  if (running) {
    for (const kind of kinds) running.add(kind);
    return;
  }
  state.running.set(userId, new Set());
  deps.background.run("tap signals", () => checkUntilSettled(deps, state, userId, kinds));
}

async function checkUntilSettled(
  deps: TapSignalDeps,
  state: InstanceState,
  userId: string,
  first: TapSignalId[],
): Promise<void> {
  let kinds = first;
  try {
    while (kinds.length > 0) {
      const carried = await checkTapSignals(deps, userId, kinds);
      const until = deps.clock().getTime() + CARRIED_MEMO_MS;
      const memo = state.carried.get(userId) ?? new Map<TapSignalId, number>();
      for (const kind of carried) memo.set(kind, until);
      if (carried.length > 0) state.carried.set(userId, memo);
      const again = state.running.get(userId);
      kinds = again ? [...again] : [];
      again?.clear();
    }
  } finally {
    state.running.delete(userId);
  }
}

/**
 * Reads what the signals need and raises those that fire and are not carried yet; answers the signals the
 * account carries now among `kinds`.
 */
export async function checkTapSignals(
  deps: RaiseDeps,
  userId: string,
  kinds: readonly TapSignalId[],
): Promise<TapSignalId[]> {
  const already = await countingSignalIds(deps.db, userId, kinds);
  const now = deps.clock();
  const raised: RaisedSignal[] = [];
  for (const kind of kinds) {
    if (already.has(kind)) continue;
    const signal = await evaluate(deps, userId, kind, now);
    if (signal) raised.push(signal);
  }
  await raiseSignals(
    deps,
    raised.map((signal) => ({ userId, signal })),
  );
  const carried = new Set<SignalId>([...already, ...raised.map((signal) => signal.id)]);
  return kinds.filter((kind) => carried.has(kind));
}

async function evaluate(deps: RaiseDeps, userId: string, kind: TapSignalId, now: Date) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  if (kind === "regular-cadence") {
    const batches = await timedBatchesSince(deps.db, {
      userId,
      since: dayAgo,
      minIntervals: CADENCE_MIN_INTERVALS,
      limit: CADENCE_BATCHES * 10,
    });
    return regularCadence(batches.map((b) => ({ at: b.at, count: b.intervalCount ?? 0, cv: b.cv })));
  }
  if (kind === "no-timing") {
    const batches = await untimedBatchesSince(deps.db, {
      userId,
      since: dayAgo,
      minTaps: NO_TIMING_MIN_TAPS,
      limit: NO_TIMING_BATCHES * 5,
    });
    return noTiming({
      batches: batches.map((b) => ({ at: b.at, taps: b.tapsClaimed, hadIntervals: false })),
      now,
    });
  }
  const { capRateMinutes } = deps.config.fairPlay;
  // Whole minutes only: a minute cut in half by the window would break the run it belongs to.
  const since = new Date(Math.floor(now.getTime() / 60_000 - capRateMinutes - 1) * 60_000);
  const minutes = await creditedMinutesSince(deps.db, userId, since);
  return capRate({ minutes, capPerMinute: CAP_PER_MINUTE, capRateMinutes });
}
