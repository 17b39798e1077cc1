/**
 * The account forms walked through the real /auth screen (tests/model/auth-page.walk.test.tsx, and the
 * exported tests/e2e/generated/account-forms.spec.ts): sign-up, forgotten password, reset and verify.
 */
import type { AccountFormsEvent } from "#src/machines/auth/account-forms.machine.ts";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import { click, type Expectation, fill, type Gesture, type Value, type WalkPart } from "./actions.ts";

type FormEvent = Exclude<AccountFormsEvent, { type: "FORM.CLEAR" }>;

/** The person signing up in the walks: a fresh account in each exported test. */
export const SIGNUP_EMAIL = "ada@example.com";
const email = (value: string): Value => (value === SIGNUP_EMAIL ? { account: "email" } : value);

export const accountFormsGestures = {
  SIGNUP: (event) => [
    fill("Full Name", event.name),
    fill("Email", email(event.email)),
    fill("Password", event.password),
    fill("Confirm Password", event.confirmPassword),
    fill("Referral code (optional)", event.referralCode ?? ""),
    click({ role: "button", name: "Sign Up" }),
  ],
  FORGOT: (event) => [fill("Email", email(event.email)), click({ role: "button", name: "Send Reset Link" })],
  RESET: (event) => [
    fill("New Password", event.password),
    fill("Confirm Password", event.confirmPassword),
    click({ role: "button", name: "Set New Password" }),
  ],
  // Opening the emailed link is the gesture: the session sends VERIFY when the route opens in verify mode.
  VERIFY: () => [],
} satisfies { [K in FormEvent["type"]]: Gesture<Extract<FormEvent, { type: K }>> };

/** How the server fails each call in the walks; the model's error events carry the same words. */
export const serverErrors: Record<string, { route: string; status: number; code: string; message: string }> =
  {
    signup: {
      route: "signup",
      status: 409,
      code: "EMAIL_TAKEN",
      message: "An account with this email already exists.",
    },
    forgotPassword: {
      route: "forgot",
      status: 429,
      code: "RATE_LIMITED",
      message: "Too many requests. Try again later.",
    },
    verifyEmail: {
      route: "verify",
      status: 400,
      code: "INVALID_TOKEN",
      message: "This link is invalid or has expired.",
    },
    resetPassword: {
      route: "reset",
      status: 400,
      code: "INVALID_RESET_TOKEN",
      message: "This reset link is invalid or has expired. Please request a new one.",
    },
  };
export const invokeOf: Record<FormEvent["type"], string> = {
  SIGNUP: "signup",
  FORGOT: "forgotPassword",
  RESET: "resetPassword",
  VERIFY: "verifyEmail",
};

const signup = (name: string, password: string, confirmPassword: string) => ({
  type: "SIGNUP" as const,
  name,
  email: SIGNUP_EMAIL,
  password,
  confirmPassword,
});

/** A password the real server takes (it refuses the most common ones, such as "password1"). */
export const GOOD_PASSWORD = "correct horse battery";

/** Each form of /auth, with the events its page can send. */
export const forms = [
  {
    mode: "signup",
    events: [
      signup("Ada", GOOD_PASSWORD, GOOD_PASSWORD),
      signup("Ada", GOOD_PASSWORD, "another password"),
      signup("", GOOD_PASSWORD, GOOD_PASSWORD),
      signup("Ada", "short", "short"),
    ],
  },
  {
    mode: "forgot",
    events: [
      { type: "FORGOT", email: SIGNUP_EMAIL },
      { type: "FORGOT", email: "" },
    ],
  },
  {
    mode: "reset&token=good-token",
    events: [
      { type: "RESET", token: "good-token", password: "new password", confirmPassword: "new password" },
      { type: "RESET", token: "good-token", password: "new password", confirmPassword: "other password" },
    ],
  },
  { mode: "verify&token=good-token", events: [{ type: "VERIFY", token: "good-token" }] },
] as const;

/** The model of one form: its page's events, its call's answer and failure, and the redirect after it. */
export function formWalkModel(form: (typeof forms)[number]): ModelOptions<unknown> {
  const invoke = invokeOf[form.events[0].type];
  return {
    fakeActors: [invoke],
    events: [
      ...(form.events as readonly ModelEvent[]),
      { type: `xstate.done.actor.${invoke}` },
      { type: `xstate.error.actor.${invoke}`, error: serverErrors[invoke] },
      { type: "xstate.after.NAVIGATION_DELAY.accountForms.redirecting" },
    ],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.formError]),
  };
}

const toast = (title: string): Expectation => ({ see: { text: title } });

/** What the person sees at the end of a form's path. */
function atEnd(mode: string, success: string, failure: string | null): WalkPart["atEnd"] {
  return (leaf, events) => {
    const seen: Expectation[] = [];
    const types = events.map((event) => event.type);
    if (leaf.context.formError) seen.push({ see: { text: leaf.context.formError } });
    if (failure && types.some((type) => type.startsWith("xstate.error.actor."))) seen.push(toast(failure));
    if (types.some((type) => type.startsWith("xstate.done.actor."))) seen.push(toast(success));
    if (types.some((type) => type.startsWith("xstate.after."))) seen.push({ url: "/auth?mode=login" });
    else seen.push({ url: `/auth?mode=${mode}` });
    return seen;
  };
}

export const accountFormsParts: WalkPart[] = forms.map((form) => {
  const invoke = invokeOf[form.events[0].type];
  const base = {
    model: formWalkModel(form),
    gestures: accountFormsGestures,
    shortDelays: ["NAVIGATION_DELAY"],
  };
  switch (invoke) {
    case "signup":
      return {
        ...base,
        name: "sign up on /auth?mode=signup",
        start: { url: "/auth?mode=signup", account: "none" },
        causedFailures: {
          "xstate.error.actor.signup": { how: "the email was signed up before the test", accountFirst: true },
        },
        atEnd: atEnd("signup", TOASTS.signupSuccess, TOASTS.signupFailed),
      };
    case "forgotPassword":
      return {
        ...base,
        name: "forgotten password on /auth?mode=forgot",
        start: { url: "/auth?mode=forgot", account: "none" },
        atEnd: atEnd("forgot", TOASTS.forgotSuccess, null),
      };
    default:
      return {
        ...base,
        name: `${invoke === "resetPassword" ? "reset" : "verify"} on /auth?mode=${form.mode}`,
        start: { url: `/auth?mode=${form.mode}`, account: "none" },
        atEnd: () => [],
        notExported: "the token in its link comes by email, which a browser alone cannot read",
      };
  }
});
