/** The wallet area's expected failures; the messages are the specification's where it has one. */
import { AppError } from "../../errors.ts";

export const unknownMultiplier = () =>
  new AppError("NOT_FOUND", "This multiplier is not for sale. Pick one from the list.");

export const multiplierNotHigher = () =>
  new AppError("MULTIPLIER_NOT_HIGHER", "You can only buy a multiplier higher than your current one.");

export const notEnoughPoints = () => new AppError("NOT_ENOUGH_POINTS", "Not enough points to buy multiplier");

export const notEnoughFunds = () => new AppError("NOT_ENOUGH_FUNDS", "Not enough funds");

export const insufficientPointsBalance = () => new AppError("INSUFFICIENT_BALANCE", "Insufficient balance");

export const insufficientPoolBalance = () =>
  new AppError(
    "INSUFFICIENT_POOL_BALANCE",
    "The reward pool cannot pay this right now. Please try again later.",
  );

export const belowMinimumPayout = () =>
  new AppError("BELOW_MINIMUM", "This amount is too small to pay out: it is worth less than 0.000001 USDT.");

export const badTronAddress = () =>
  new AppError(
    "VALIDATION_ERROR",
    "Enter a valid TRC20 address: it starts with T, has 34 characters, and its checksum must match.",
  );

export const belowMinimumWithdrawal = (minimum: number) =>
  new AppError("BELOW_MINIMUM", `The minimum withdrawal is ${minimum} USDT.`);

export const insufficientWithdrawalBalance = () =>
  new AppError("INSUFFICIENT_BALANCE", "Insufficient balance for withdrawal");

export const notYourDepositAddress = () =>
  new AppError(
    "VALIDATION_ERROR",
    "This is not the deposit address generated for your account. Generate your wallet to get yours.",
  );

export const chainUnavailable = () =>
  new AppError(
    "CHAIN_UNAVAILABLE",
    "The TRON network cannot be reached right now. Please try again in a minute.",
  );

export const unknownWithdrawal = () => new AppError("NOT_FOUND", "No withdrawal of yours has this id.");
