/**
 * A banned account cannot sign in (docs/fair-play.md): login, refresh and Telegram sign-in answer 403
 * ACCOUNT_BANNED "This account has been closed." A frozen one still can, to read its standing and appeal.
 */
import { findStanding } from "../../db/repos/account-standing.repo.ts";
import type { Uses } from "../deps.ts";
import { accountBanned } from "./errors.ts";

export async function refuseIfBanned(deps: Uses<"db">, userId: string): Promise<void> {
  const { status } = await findStanding(deps.db, userId);
  if (status === "banned") throw accountBanned();
}
