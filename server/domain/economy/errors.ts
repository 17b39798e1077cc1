/** The economy's expected failures; the messages are the contract's where it has one (docs/api.md, Economy). */
import { AppError } from "../../errors.ts";

export const streakAlreadyClaimed = () =>
  new AppError(409, "STREAK_ALREADY_CLAIMED", "Already claimed today");

export const unknownBooster = () =>
  new AppError(404, "NOT_FOUND", "No booster has this id. Pick one from the catalogue.");

export const boosterActive = () =>
  new AppError(409, "BOOSTER_ACTIVE", "A booster is already active. You can buy the next one when it ends.");

export const insufficientPoints = () => new AppError(409, "INSUFFICIENT_POINTS", "Insufficient points");
