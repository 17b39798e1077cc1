/** The auth area's expected failures, worded for people (the SPA shows `message`). */
import { AppError } from "../../errors.ts";

export const emailTaken = () =>
  new AppError(409, "EMAIL_TAKEN", "An account with this email already exists.");

export const invalidCredentials = () =>
  new AppError(401, "INVALID_CREDENTIALS", "Invalid email or password.");

export const emailNotVerified = () =>
  new AppError(403, "EMAIL_NOT_VERIFIED", "Please confirm your email address first: we sent you a link.");

export const invalidResetToken = () =>
  new AppError(
    400,
    "INVALID_RESET_TOKEN",
    "This reset link is invalid or has expired. Please ask for a new one.",
  );

export const invalidVerificationToken = () =>
  new AppError(
    400,
    "INVALID_VERIFICATION_TOKEN",
    "This confirmation link is invalid or has expired. Please sign up again or ask for a new one.",
  );

export const blankName = () => new AppError(400, "VALIDATION_ERROR", "body/name must not be blank");
