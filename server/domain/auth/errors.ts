/** The auth area's expected failures, worded for people (the SPA shows `message`). */
import { AppError } from "../../errors.ts";

export const emailTaken = () => new AppError("EMAIL_TAKEN", "An account with this email already exists.");

export const invalidCredentials = () => new AppError("INVALID_CREDENTIALS", "Invalid email or password.");

export const emailNotVerified = () =>
  new AppError("EMAIL_NOT_VERIFIED", "Please confirm your email address first: we sent you a link.");

export const invalidResetToken = () =>
  new AppError("INVALID_RESET_TOKEN", "This reset link is invalid or has expired. Please ask for a new one.");

export const invalidVerificationToken = () =>
  new AppError(
    "INVALID_VERIFICATION_TOKEN",
    "This confirmation link is invalid or has expired. Please sign up again or ask for a new one.",
  );

export const blankName = () => new AppError("VALIDATION_ERROR", "body/name must not be blank");
