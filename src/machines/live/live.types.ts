/**
 * Live events as machines see them (docs/api.md, "Live events"): each frame of the stream becomes one of
 * these, in display units as the wire carries them; STREAM.UP and STREAM.DOWN are facts about the stream.
 */
import type { AdminMetrics, AuditPage } from "#src/api/admin.ts";
import type { StreamOwner } from "#src/api/events.ts";

export type AuditItem = AuditPage["items"][number];

export type PointsUpdated = { type: "POINTS.UPDATED"; points: number; totalTaps: number; multiplier: number };
export type WalletUpdated = { type: "WALLET.UPDATED"; balance: number };
export type MultiplierChanged = { type: "MULTIPLIER.CHANGED"; multiplier: number };
export type DepositUpdated = {
  type: "DEPOSIT.UPDATED";
  txId: string;
  amount: number;
  status: "pending" | "credited";
};
export type WithdrawalUpdated = {
  type: "WITHDRAWAL.UPDATED";
  id: string;
  amount: number;
  status: "review" | "pending" | "confirmed" | "failed";
  txId: string | null;
  /** Why an admin rejected a held withdrawal (docs/fair-play.md); null or absent otherwise. */
  reason?: string | null;
};

/** An achievement unlocked; its reward is already in the next `points` push (docs/api.md, Economy). */
export type AchievementUnlocked = {
  type: "ACHIEVEMENT.UNLOCKED";
  id: string;
  name: string;
  rewardPoints: number;
};
/** A booster started (`active`) or ended (`null`); `endsAt` in ms since the epoch. */
export type BoosterChanged = {
  type: "BOOSTER.CHANGED";
  active: { id: string; factor: number; endsAt: number } | null;
};

/**
 * To a referrer: a friend joined, or a friend's taps shared points (docs/product.md, Referrals). The figures
 * after the change, in points; the friends list itself is read again.
 */
export type ReferralUpdated = {
  type: "REFERRAL.UPDATED";
  invited: number;
  earnedPoints: number;
  earnedToday: number;
};

/** The account's standing changed (docs/fair-play.md); a ban ends the session instead (SESSION.REVOKED). */
export type StandingChanged = { type: "STANDING.CHANGED"; status: "ok" | "review" | "frozen" };
/** To admins: an account's standing and score after a change the Fair play page shows (docs/fair-play.md). */
export type AdminRisk = {
  type: "ADMIN.RISK";
  userId: string;
  status: "ok" | "review" | "frozen" | "banned";
  score: number;
};

/** What the server pushed. */
export type PushedEvent =
  | PointsUpdated
  | WalletUpdated
  | MultiplierChanged
  | DepositUpdated
  | WithdrawalUpdated
  | AchievementUnlocked
  | BoosterChanged
  | ReferralUpdated
  | StandingChanged
  /** The session was revoked: the tab signs out, the stream ends. */
  | { type: "SESSION.REVOKED"; reason: string }
  | { type: "ADMIN.METRICS"; metrics: AdminMetrics }
  | { type: "ADMIN.AUDIT"; item: AuditItem }
  /** An account entered review, was frozen, appealed or was decided (docs/fair-play.md). */
  | AdminRisk
  /** The events since the last one seen are gone (too old to replay): reload the figures. */
  | { type: "STREAM.RESET" };

/** The stream is connected (pushed events arrive, polling may stop) or not (polling returns). */
export type StreamFact = { type: "STREAM.UP" } | { type: "STREAM.DOWN" };

export type LiveEvent = PushedEvent | StreamFact;

/** Whose stream an event came on: the user's, or the back office's. */
export type StreamName = StreamOwner;

/** One SSE frame as it arrived: `id:`, `event:` and the raw `data:` text. */
export interface RawFrame {
  id: string | null;
  type: string;
  data: string;
}

/** What a stream actor tells its parent (the root actor): one live event, and whose stream it came on. */
export type LiveReport = { type: "LIVE"; stream: StreamName; event: LiveEvent };
