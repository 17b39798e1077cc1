/** The wallet area's expected failures; the messages are the specification's where it has one. */
import { AppError } from "../../errors.ts";

export const unknownMultiplier = () =>
  new AppError(404, "NOT_FOUND", "This multiplier is not for sale. Pick one from the list.");

export const multiplierNotHigher = () =>
  new AppError(409, "MULTIPLIER_NOT_HIGHER", "You can only buy a multiplier higher than your current one.");

export const notEnoughPoints = () =>
  new AppError(409, "NOT_ENOUGH_POINTS", "Not enough points to buy multiplier");

export const notEnoughFunds = () => new AppError(409, "NOT_ENOUGH_FUNDS", "Not enough funds");

export const insufficientPointsBalance = () =>
  new AppError(409, "INSUFFICIENT_BALANCE", "Insufficient balance");

export const insufficientPoolBalance = () =>
  new AppError(
    409,
    "INSUFFICIENT_POOL_BALANCE",
    "The reward pool cannot pay this right now. Please try again later.",
  );

export const belowMinimumPayout = () =>
  new AppError(
    422,
    "BELOW_MINIMUM",
    "This amount is too small to pay out: it is worth less than 0.000001 USDT.",
  );
