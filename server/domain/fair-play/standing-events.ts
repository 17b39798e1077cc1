/**
 * What a change of standing tells the screens (docs/fair-play.md): the player's stream gets `standing` on every
 * change of status (a ban ends the sessions with `session` instead), the admins' stream gets `admin.risk` when
 * an account enters review, is frozen, appeals or is decided.
 */
import type { Transaction } from "kysely";
import type { AccountStatus, Database } from "../../db/schema.ts";
import { ADMINS_STREAM, queueLiveEvent } from "../live/live-transaction.ts";

type Trx = Transaction<Database>;

export function standingChanged(trx: Trx, userId: string, status: AccountStatus): void {
  if (status === "banned") return;
  queueLiveEvent(trx, { stream: userId, type: "standing", payload: { status }, latestOnly: true });
}

export function riskChanged(
  trx: Trx,
  change: { userId: string; status: AccountStatus; score: number },
): void {
  queueLiveEvent(trx, {
    stream: ADMINS_STREAM,
    type: "admin.risk",
    payload: { userId: change.userId, status: change.status, score: change.score },
  });
}

/** Every session of the banned account ends at once: its streams close and its tokens stop working. */
export function sessionsBanned(trx: Trx, userId: string): void {
  queueLiveEvent(trx, { stream: userId, type: "session", payload: { reason: "banned" }, familyId: null });
}
