/** What the auth screens say, word for word from docs/product.md §5 and §8. */
import { ACCOUNT_BANNED_MESSAGE } from "#contracts/fair-play-rules.ts";
import type { ApiError } from "#src/api/errors.ts";

export const VALIDATION = {
  loginRequired: "Please enter both email and password",
  signupRequired: "Please fill in all fields",
  passwordsMismatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 8 characters",
  emailRequired: "Please enter your email address",
  referralCodeInvalid:
    "This referral code is not valid: copy it again from your friend's link, or leave the field empty",
} as const;

export const AUTH_CODE_MESSAGES: Readonly<Record<string, string>> = {
  INVALID_LOGIN_RESPONSE: "Login failed. The server response was invalid.",
  INVALID_CREDENTIALS: "Invalid email or password. Please try again.",
  AUTH_ERROR: "Invalid email or password. Please try again.",
  USER_NOT_FOUND: "User not found. Please check your email address.",
  NO_DATA_ERROR: "No data returned from the server.",
  NO_TOKEN_ERROR: "Missing authentication token.",
  NO_USER_ERROR: "Missing user information.",
  STORAGE_ERROR: "Error saving your session. Please try again.",
  LOGOUT_ERROR: "Error during logout. Please try again.",
  SESSION_RESTORE_ERROR: "Failed to restore your session. Please log in again.",
  TOKEN_EXPIRED: "Your session has expired. Please log in again.",
  /** A banned account's sign-in, refresh or Telegram sign-in (403, docs/fair-play.md). */
  ACCOUNT_BANNED: ACCOUNT_BANNED_MESSAGE,
};

export const LOGIN_NETWORK_MESSAGE = "Network error. Please check your internet connection and try again.";
export const UNEXPECTED_MESSAGE = "An unexpected error occurred. Please try again.";

export const TOASTS = {
  loginSuccess: "Welcome back! You have successfully logged in.",
  signupSuccess: "Account created! Please check your email to verify your account.",
  forgotSuccess: "Password reset instructions have been sent to your email.",
  resetSuccess: "Your password has been changed. Please log in with your new password.",
  verifySuccess: "Your email is confirmed. You can log in now.",
  loginFailed: "Login Failed",
  signupFailed: "Signup Failed",
  forgotFailed: "Error",
  sessionExpiredTitle: "Session Expired",
  sessionExpired: "Your session has expired. Please log in again.",
  telegramFailed: "Telegram sign-in failed",
} as const;

export interface AuthError {
  code: string;
  message: string;
}

/** The message shown for a failed auth call: the catalogue's words for known codes, else the server's. */
export function describeAuthError(
  error: Pick<ApiError, "code" | "message">,
  flow: "login" | "telegram" | "other",
): AuthError {
  if (error.code === "NETWORK_ERROR") {
    return { code: error.code, message: flow === "other" ? error.message : LOGIN_NETWORK_MESSAGE };
  }
  const known = AUTH_CODE_MESSAGES[error.code];
  return { code: error.code, message: known ?? (error.message || UNEXPECTED_MESSAGE) };
}

export const authError = (code: keyof typeof AUTH_CODE_MESSAGES): AuthError => ({
  code,
  message: AUTH_CODE_MESSAGES[code] ?? UNEXPECTED_MESSAGE,
});
