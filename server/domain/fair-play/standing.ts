/**
 * The player's side of fair play (docs/fair-play.md): where their account stands, in plain words, and one open
 * appeal at a time. The signals behind a standing are never shown to the player.
 */
import { APPEAL_MAX_LENGTH, APPEAL_MIN_LENGTH, STANDING_MESSAGES } from "#contracts/fair-play-rules.ts";
import { findStanding } from "../../db/repos/account-standing.repo.ts";
import { findOpenAppeal, insertAppeal, type OpenAppeal } from "../../db/repos/appeals.repo.ts";
import { AppError } from "../../errors.ts";
import type { Uses } from "../deps.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { appealOpen } from "./errors.ts";
import { riskChanged } from "./standing-events.ts";

export interface PlayerStanding {
  status: keyof typeof STANDING_MESSAGES;
  message: string;
  appeal: OpenAppeal | null;
}

/** A banned account cannot be signed in, so a player only ever reads ok, review or frozen. */
export async function standingOf(deps: Uses<"db">, userId: string): Promise<PlayerStanding> {
  const { status } = await findStanding(deps.db, userId);
  const shown = status === "banned" ? "frozen" : status;
  return { status: shown, message: STANDING_MESSAGES[shown], appeal: await findOpenAppeal(deps.db, userId) };
}

const badAppeal = () =>
  new AppError(
    "VALIDATION_ERROR",
    `Tell us in ${APPEAL_MIN_LENGTH} to ${APPEAL_MAX_LENGTH} characters why your account should be reviewed.`,
  );

/** Files the appeal (trimmed); a second one while the first is open is 409 APPEAL_OPEN. Admins hear of it live. */
export async function appealStanding(
  deps: LiveTransactionDeps,
  userId: string,
  message: string,
): Promise<void> {
  const text = message.trim();
  if (text.length < APPEAL_MIN_LENGTH || text.length > APPEAL_MAX_LENGTH) throw badAppeal();
  await transactionWithLiveEvents(deps, async (trx) => {
    const filed = await insertAppeal(trx, { userId, message: text, at: deps.clock() });
    if (!filed) throw appealOpen();
    const standing = await findStanding(trx, userId);
    riskChanged(trx, { userId, ...standing });
  });
}
