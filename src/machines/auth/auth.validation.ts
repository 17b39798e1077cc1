/**
 * Client-side form rules of docs/product.md §5: each returns the message to show, or null when the form may
 * be sent.
 */
import { PASSWORD_MIN_LENGTH, REFERRAL_CODE_PATTERN } from "#contracts/limits.ts";
import { VALIDATION } from "./auth.messages.ts";

const blank = (value: string) => value.trim() === "";

export interface LoginForm {
  email: string;
  password: string;
}
export interface SignupForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** Optional: the code of the friend who invited the user (the sign-up link's `ref`). */
  referralCode?: string;
}
export interface ResetForm {
  token: string;
  password: string;
  confirmPassword: string;
}

export function validateLogin(form: LoginForm): string | null {
  return blank(form.email) || form.password === "" ? VALIDATION.loginRequired : null;
}

export function validateSignup(form: SignupForm): string | null {
  if (blank(form.name) || blank(form.email) || form.password === "" || form.confirmPassword === "") {
    return VALIDATION.signupRequired;
  }
  const referralCode = form.referralCode?.trim() ?? "";
  if (referralCode !== "" && !new RegExp(REFERRAL_CODE_PATTERN).test(referralCode)) {
    return VALIDATION.referralCodeInvalid;
  }
  return validateNewPassword(form.password, form.confirmPassword);
}

export function validateForgot(form: { email: string }): string | null {
  return blank(form.email) ? VALIDATION.emailRequired : null;
}

export function validateReset(form: ResetForm): string | null {
  if (form.password === "" || form.confirmPassword === "") return VALIDATION.signupRequired;
  return validateNewPassword(form.password, form.confirmPassword);
}

function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return VALIDATION.passwordsMismatch;
  if (password.length < PASSWORD_MIN_LENGTH) return VALIDATION.passwordTooShort;
  return null;
}
