/** Fair play's refusals, in the words docs/fair-play.md gives the player. */
import {
  ACCOUNT_BANNED_MESSAGE,
  ACCOUNT_FROZEN_MESSAGE,
  APPEAL_OPEN_MESSAGE,
} from "#contracts/fair-play-rules.ts";
import { AppError } from "../../errors.ts";

export const accountFrozen = () => new AppError("ACCOUNT_FROZEN", ACCOUNT_FROZEN_MESSAGE);
export const accountBanned = () => new AppError("ACCOUNT_BANNED", ACCOUNT_BANNED_MESSAGE);
export const appealOpen = () => new AppError("APPEAL_OPEN", APPEAL_OPEN_MESSAGE);
