/** What the Referral card shows, derived from the referral machine's snapshot. */
import type { SnapshotFrom } from "xstate";
import type { ReferredFriend } from "#src/api/economy.ts";
import type { referralMachine } from "./referral.machine.ts";

export type ReferralSnapshot = SnapshotFrom<typeof referralMachine>;

export interface ReferralView {
  status: "loading" | "failed" | "ready";
  code: string;
  link: string;
  invited: number;
  earnedPoints: number;
  earnedToday: number;
  dailyCap: number;
  /** The percent of friends' tap points the user gets; 0 when the program pays nothing. */
  sharePercent: number;
  /** Today's shares reached the cap: more taps by friends pay nothing more until the UTC day ends. */
  capReached: boolean;
  friends: ReferredFriend[];
  /** A read under way behind figures already shown. */
  updating: boolean;
  copying: boolean;
  sharing: boolean;
}

export function toReferralView(snapshot: ReferralSnapshot): ReferralView {
  const referrals = snapshot.context.referrals;
  const status = snapshot.hasTag("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "ready";
  return {
    status,
    code: referrals?.code ?? "",
    link: referrals?.link ?? "",
    invited: referrals?.invited ?? 0,
    earnedPoints: referrals?.earnedPoints ?? 0,
    earnedToday: referrals?.earnedToday ?? 0,
    dailyCap: referrals?.dailyCap ?? 0,
    sharePercent: referrals?.sharePercent ?? 0,
    capReached: referrals !== null && referrals.dailyCap > 0 && referrals.earnedToday >= referrals.dailyCap,
    friends: referrals?.friends ?? [],
    updating: snapshot.hasTag("updating"),
    copying: snapshot.hasTag("copying"),
    sharing: snapshot.hasTag("sharing"),
  };
}
