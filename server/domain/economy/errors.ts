/** The economy's expected failures; the messages are the contract's where it has one (docs/api.md, Economy). */
import { AppError } from "../../errors.ts";

export const streakAlreadyClaimed = () => new AppError("STREAK_ALREADY_CLAIMED", "Already claimed today");

export const unknownBooster = () =>
  new AppError("NOT_FOUND", "No booster has this id. Pick one from the catalogue.");

export const boosterActive = () =>
  new AppError("BOOSTER_ACTIVE", "A booster is already active. You can buy the next one when it ends.");

export const insufficientPoints = () => new AppError("INSUFFICIENT_POINTS", "Insufficient points");
