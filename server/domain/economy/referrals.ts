/**
 * Referrals (docs/api.md, Economy; docs/decisions/022). A friend names their referrer once, at sign-up, with
 * the referrer's code; from then on every tap point credited to the friend mints a share for the referrer
 * (REFERRAL_SHARE_PERCENT, rounded down to the micro-point), in the friend's tap-sync transaction, keyed by the
 * friend and the batch so it is paid once, and never more than REFERRAL_DAILY_CAP_POINTS a UTC day per referrer.
 * Lock order: the friend's rewards row (the sync holds it), the referrer's day row, the referrer's rewards row.
 * A referrer signed up before each of their friends, so these chains never close into a cycle.
 */
import type { Transaction } from "kysely";
import {
  addFriendEarnings,
  addToReferralDay,
  findReferralCode,
  insertReferral,
  listFriends,
  referralTotals,
} from "../../db/repos/referrals.repo.ts";
import type { Database } from "../../db/schema.ts";
import type { Settings, Uses } from "../deps.ts";
import { referralChanged } from "../live/screen-events.ts";
import { lockRewardsAccount, movePoints } from "../taps/rewards-account.ts";
import { referralJoined } from "./achievements.ts";
import { publicName } from "./public-name.ts";
import { utcDayOf } from "./utc-days.ts";

const FRIENDS_SHOWN = 100;

/**
 * The share's movement key, unique per referrer (points_movements_key_idx). Batch ids are made by each client
 * and unique per user only, so two friends of one referrer may send the same one: the friend is part of the
 * key (docs/decisions/036). Shares paid before that carry `referral:<batchId>`, which a new key never equals.
 */
export const referralShareKey = (friendId: string, batchId: string) => `referral:${friendId}:${batchId}`;

/** The referral rules' settings: the share, its daily cap and the achievement rewards. */
export type ReferralDeps = Settings<"economy">;

/** In the sign-up transaction, after the friend's account is written with `referred_by`. */
export async function bindReferral(
  deps: ReferralDeps,
  trx: Transaction<Database>,
  referral: { friendId: string; referrerId: string; at: Date },
): Promise<void> {
  await insertReferral(trx, referral);
  await referralJoined(trx, deps.config.economy.achievementRewardPoints, referral.referrerId, referral.at);
  await announceTotals(trx, referral.referrerId, referral.at);
}

/** In the friend's tap-sync transaction, once its batch is recorded: the referrer's share of `pointsMicro`. */
export async function shareTapPoints(
  deps: ReferralDeps,
  trx: Transaction<Database>,
  share: { friendId: string; referrerId: string; batchId: string; pointsMicro: number; at: Date },
): Promise<void> {
  const { sharePercent, dailyCapMicro } = deps.config.economy.referrals;
  const shareMicro = Math.floor((share.pointsMicro * sharePercent) / 100);
  if (shareMicro <= 0 || dailyCapMicro <= 0) return;
  const { grantedMicro } = await addToReferralDay(trx, {
    referrerId: share.referrerId,
    day: utcDayOf(share.at),
    shareMicro,
    capMicro: dailyCapMicro,
  });
  if (grantedMicro <= 0) return;
  const rewards = await lockRewardsAccount(trx, share.referrerId, share.at);
  await movePoints(trx, share.referrerId, rewards, {
    deltaMicro: grantedMicro,
    kind: "referral",
    idempotencyKey: referralShareKey(share.friendId, share.batchId),
    at: share.at,
  });
  await addFriendEarnings(trx, share.friendId, grantedMicro);
  await announceTotals(trx, share.referrerId, share.at);
}

async function announceTotals(trx: Transaction<Database>, referrerId: string, at: Date): Promise<void> {
  referralChanged(trx, referrerId, await referralTotals(trx, referrerId, utcDayOf(at)));
}

export interface ReferralsView {
  code: string;
  link: string;
  invited: number;
  earnedMicro: number;
  earnedTodayMicro: number;
  dailyCapMicro: number;
  sharePercent: number;
  friends: { name: string; joinedAt: Date; earnedForYouMicro: number }[];
}

/** GET /referrals. */
export async function referralsOf(
  deps: Uses<"db" | "clock"> & Settings<"publicUrl" | "economy">,
  userId: string,
): Promise<ReferralsView> {
  const { db } = deps;
  const now = deps.clock();
  const [code, totals, friends] = await Promise.all([
    findReferralCode(db, userId),
    referralTotals(db, userId, utcDayOf(now)),
    listFriends(db, userId, FRIENDS_SHOWN),
  ]);
  if (code === null) throw new Error(`user ${userId} has no referral code`);
  return {
    code,
    link: `${deps.config.publicUrl}/auth?mode=signup&ref=${encodeURIComponent(code)}`,
    invited: totals.invited,
    earnedMicro: totals.earnedMicro,
    earnedTodayMicro: totals.todayMicro,
    dailyCapMicro: deps.config.economy.referrals.dailyCapMicro,
    sharePercent: deps.config.economy.referrals.sharePercent,
    friends: friends.map((friend) => ({
      name: publicName(friend),
      joinedAt: friend.joined_at,
      earnedForYouMicro: friend.earned_micro,
    })),
  };
}
