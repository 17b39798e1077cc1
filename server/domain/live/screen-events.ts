/**
 * The live events a screen shows (docs/api.md, Live events), queued on the transaction of their change. The
 * log keeps each frame's data ready to send, in display units, so replaying is a plain read.
 */
import type { Transaction } from "kysely";
import { microToNumber } from "#contracts/micro.ts";
import type { Database } from "../../db/schema.ts";
import type { AuditEntry } from "../admin/audit.ts";
import { ADMINS_STREAM, queueLiveEvent } from "./live-transaction.ts";

type Trx = Transaction<Database>;

/** The `points` event's data (docs/api.md, "Live events"). */
export const pointsPayload = (figures: {
  pointsMicro: number;
  totalTaps: number;
  multiplierMicro: number;
}) => ({
  points: microToNumber(figures.pointsMicro),
  totalTaps: figures.totalTaps,
  multiplier: microToNumber(figures.multiplierMicro),
});

export function pointsChanged(
  trx: Trx,
  userId: string,
  figures: { pointsMicro: number; totalTaps: number; multiplierMicro: number },
): void {
  queueLiveEvent(trx, { stream: userId, type: "points", latestOnly: true, payload: pointsPayload(figures) });
}

export function walletChanged(trx: Trx, userId: string, balanceMicro: number): void {
  queueLiveEvent(trx, {
    stream: userId,
    type: "wallet",
    latestOnly: true,
    payload: { balance: microToNumber(balanceMicro) },
  });
}

export function multiplierChanged(trx: Trx, userId: string, multiplierMicro: number): void {
  queueLiveEvent(trx, {
    stream: userId,
    type: "multiplier",
    latestOnly: true,
    payload: { multiplier: microToNumber(multiplierMicro) },
  });
}

export function depositChanged(
  trx: Trx,
  userId: string,
  deposit: { txId: string; amountMicro: number; status: "pending" | "credited" },
): void {
  queueLiveEvent(trx, {
    stream: userId,
    type: "deposit",
    payload: { txId: deposit.txId, amount: microToNumber(deposit.amountMicro), status: deposit.status },
  });
}

export function withdrawalChanged(
  trx: Trx,
  userId: string,
  withdrawal: {
    id: string;
    amountMicro: number;
    status: "review" | "pending" | "confirmed" | "failed";
    txId: string | null;
    /** Why it failed, when an admin rejected it (docs/fair-play.md); absent on the chain's own changes. */
    reason?: string | null;
  },
): void {
  queueLiveEvent(trx, {
    stream: userId,
    type: "withdrawal",
    payload: {
      id: withdrawal.id,
      amount: microToNumber(withdrawal.amountMicro),
      status: withdrawal.status,
      txId: withdrawal.txId,
      ...(withdrawal.reason !== undefined ? { reason: withdrawal.reason } : {}),
    },
  });
}

export type SessionEndReason = "logout" | "password-reset" | "telegram-unlinked";

/** Ends the streams of one session family, or (familyId null) every stream of the user. */
export function sessionEnded(
  trx: Trx,
  userId: string,
  reason: SessionEndReason,
  familyId: string | null,
): void {
  queueLiveEvent(trx, { stream: userId, type: "session", payload: { reason }, familyId });
}

/** The same item GET /admin/audit-log lists. */
export function auditRecorded(trx: Trx, entry: AuditEntry): void {
  queueLiveEvent(trx, {
    stream: ADMINS_STREAM,
    type: "admin.audit",
    payload: {
      id: entry.id,
      actor: entry.actorEmail,
      action: entry.action,
      target: entry.target,
      amount: entry.amountMicro === null ? null : microToNumber(entry.amountMicro),
      timestamp: entry.at.toISOString(),
      reason: entry.reason,
    },
  });
}

/** An achievement unlocked; its reward is already in the transaction's `points` event. */
export function achievementUnlocked(
  trx: Trx,
  userId: string,
  achievement: { id: string; name: string; rewardMicro: number },
): void {
  queueLiveEvent(trx, {
    stream: userId,
    type: "achievement",
    payload: {
      id: achievement.id,
      name: achievement.name,
      rewardPoints: microToNumber(achievement.rewardMicro),
    },
  });
}

/** A booster started (`active`) or ended (null). */
export function boosterChanged(
  trx: Trx,
  userId: string,
  active: { id: string; factor: number; endsAt: string } | null,
): void {
  queueLiveEvent(trx, { stream: userId, type: "booster", payload: { active } });
}

/** To a referrer: a friend joined, or a friend's taps shared points with them (docs/api.md, Live events). */
export function referralChanged(
  trx: Trx,
  referrerId: string,
  totals: { invited: number; earnedMicro: number; todayMicro: number },
): void {
  queueLiveEvent(trx, {
    stream: referrerId,
    type: "referral",
    latestOnly: true,
    payload: {
      invited: totals.invited,
      earnedPoints: microToNumber(totals.earnedMicro),
      earnedToday: microToNumber(totals.todayMicro),
    },
  });
}
