/**
 * The periodic risk scan (docs/fair-play.md), one instance at a time under a lease (server/plugins/jobs.ts):
 * the signals that span accounts or time and are not raised where their data is written.
 * - `fresh-withdrawal`: USDT withdrawals asked within 24 hours of sign-up, read since the rule's mark;
 * - `referral-farm`: referrers of the accounts that got a signal since the mark, once 5 or more of their friends
 *   carry one, and those friends;
 * - `round-the-clock`: once per UTC hour, the day rollups of today and yesterday with taps in 18 or more hours.
 * Each rule reads from its mark a little back (a transaction that started before the mark may commit after it),
 * and raises only what an account does not carry yet, so reading twice raises nothing twice.
 */
import type { SignalId } from "#contracts/fair-play-rules.ts";
import {
  daysWithManyHours,
  flaggedFriendsOf,
  readScanMark,
  referrersOfFlaggedSince,
  withdrawalsAskedSince,
  writeScanMark,
} from "../../db/repos/risk-scan.repo.ts";
import { countingSignalIds } from "../../db/repos/risk-signals.repo.ts";
import { type RaiseDeps, raiseSignals, type SignalOnAccount } from "./raise-signals.ts";
import {
  DAY_MS,
  freshWithdrawal,
  HOUR_MS,
  REFERRAL_FARM_FRIENDS,
  ROUND_THE_CLOCK_HOURS,
  referralFarmOfFriend,
  referralFarmOfReferrer,
  roundTheClock,
} from "./signals.ts";

export const RISK_SCAN_LEASE = "risk-scan";
/** How far back of its mark each rule reads again: longer than any transaction that writes what it reads. */
const OVERLAP_MS = 2 * 60_000;

export interface RiskScanCounts {
  freshWithdrawals: number;
  referralFarms: number;
  roundTheClock: number;
}

export async function scanRisk(deps: RaiseDeps): Promise<RiskScanCounts> {
  return {
    freshWithdrawals: await scanFreshWithdrawals(deps),
    referralFarms: await scanReferralFarms(deps),
    roundTheClock: await scanRoundTheClock(deps),
  };
}

/** Reads the rule's mark (a day back the first time), runs it from there, and moves the mark to now. */
async function fromMark(deps: RaiseDeps, name: string, rule: (since: Date) => Promise<number>) {
  const now = deps.clock();
  const mark = (await readScanMark(deps.db, name)) ?? new Date(now.getTime() - DAY_MS);
  const raised = await rule(new Date(mark.getTime() - OVERLAP_MS));
  await writeScanMark(deps.db, name, now);
  return raised;
}

/** Keeps the signals their accounts do not carry yet, then raises them. */
async function raiseNew(deps: RaiseDeps, raised: SignalOnAccount[]): Promise<number> {
  const fresh: SignalOnAccount[] = [];
  for (const item of raised) {
    const carried = await countingSignalIds(deps.db, item.userId, [item.signal.id as SignalId]);
    if (!carried.has(item.signal.id)) fresh.push(item);
  }
  await raiseSignals(deps, fresh);
  return fresh.length;
}

function scanFreshWithdrawals(deps: RaiseDeps): Promise<number> {
  return fromMark(deps, "fresh-withdrawal", async (since) => {
    const raised: SignalOnAccount[] = [];
    const seen = new Set<string>();
    for (const asked of await withdrawalsAskedSince(deps.db, since)) {
      if (seen.has(asked.userId)) continue;
      const signal = freshWithdrawal({
        signedUpAt: asked.signedUpAt,
        withdrawalAt: asked.at,
        amountMicro: asked.amountMicro,
      });
      if (signal) {
        seen.add(asked.userId);
        raised.push({ userId: asked.userId, signal });
      }
    }
    return raiseNew(deps, raised);
  });
}

function scanReferralFarms(deps: RaiseDeps): Promise<number> {
  return fromMark(deps, "referral-farm", async (since) => {
    const raised: SignalOnAccount[] = [];
    for (const referrerId of await referrersOfFlaggedSince(deps.db, since)) {
      const flagged = await flaggedFriendsOf(deps.db, referrerId);
      if (flagged.length < REFERRAL_FARM_FRIENDS) continue;
      const onReferrer = referralFarmOfReferrer({ flaggedFriends: flagged.length });
      if (onReferrer) raised.push({ userId: referrerId, signal: onReferrer });
      for (const friendId of flagged) {
        const onFriend = referralFarmOfFriend({
          carriesSignal: true,
          referrerFlaggedFriends: flagged.length,
          referrer: referrerId,
        });
        if (onFriend) raised.push({ userId: friendId, signal: onFriend });
      }
    }
    return raiseNew(deps, raised);
  });
}

/** Once per UTC hour: a day's hours only grow, and an hour is the finest step they take. */
async function scanRoundTheClock(deps: RaiseDeps): Promise<number> {
  const now = deps.clock();
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const mark = await readScanMark(deps.db, "round-the-clock");
  if (mark && mark.getTime() >= hourStart.getTime()) return 0;
  const today = Math.floor(now.getTime() / DAY_MS);
  const raised: SignalOnAccount[] = [];
  for (const row of await daysWithManyHours(deps.db, [today - 1, today], ROUND_THE_CLOCK_HOURS)) {
    const hours = [...Array(24).keys()].filter((hour) => (row.mask & (1 << hour)) !== 0);
    const signal = roundTheClock({ hours, day: new Date(row.day * DAY_MS) });
    if (signal) raised.push({ userId: row.userId, signal });
  }
  const count = await raiseNew(deps, raised);
  await writeScanMark(deps.db, "round-the-clock", hourStart);
  return count;
}
