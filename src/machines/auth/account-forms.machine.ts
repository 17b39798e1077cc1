/**
 * The /auth page's forms that do not create a session: sign up, forgot password, reset password.
 * Page-lifetime: the session (auth.machine.ts) spawns it when the page opens and stops it when the page
 * closes, and sends it FORM.CLEAR on each switch of form and VERIFY when the page opens on a mail's link.
 * States: idle ⇄ signingUp | sendingResetLink | resettingPassword | verifyingEmail (the link of the verification mail, when REQUIRE_EMAIL_VERIFICATION is on);
 * a successful sign-up or reset goes to `redirecting` and asks, 100 ms later, for /auth?mode=login.
 * Invariant: nothing is sent while `formError` would be set; one request at a time (tag "busy").
 */
import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { describeAuthError, TOASTS } from "./auth.messages.ts";
import { type AuthEmitted, NAVIGATION_DELAY_MS } from "./auth.types.ts";
import {
  type ResetForm,
  type SignupForm,
  validateForgot,
  validateReset,
  validateSignup,
} from "./auth.validation.ts";

export type AccountFormsEvent =
  | ({ type: "SIGNUP" } & SignupForm)
  | { type: "FORGOT"; email: string }
  | ({ type: "RESET" } & ResetForm)
  | { type: "VERIFY"; token: string }
  | { type: "FORM.CLEAR" };

/** An invoke's error event (typed as the machine's own events by `setup`) read as the reason it failed. */
const failureMessage = (event: object) =>
  describeAuthError(apiErrorOf("error" in event ? event.error : undefined), "other").message;

function validate(event: AccountFormsEvent): string | null {
  switch (event.type) {
    case "SIGNUP":
      return validateSignup(event);
    case "FORGOT":
      return validateForgot(event);
    case "RESET":
      return validateReset(event);
    default:
      return null;
  }
}

export const accountFormsMachine = setup({
  types: {
    context: {} as { formError: string | null },
    events: {} as AccountFormsEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    signup: fromPromise<void, Omit<SignupForm, "confirmPassword">>(
      notProvided("account forms machine", "signup"),
    ),
    forgotPassword: fromPromise<void, { email: string }>(
      notProvided("account forms machine", "forgotPassword"),
    ),
    resetPassword: fromPromise<void, { token: string; password: string }>(
      notProvided("account forms machine", "resetPassword"),
    ),
    verifyEmail: fromPromise<void, { token: string }>(notProvided("account forms machine", "verifyEmail")),
  },
  delays: { NAVIGATION_DELAY: NAVIGATION_DELAY_MS },
  guards: {
    formInvalid: ({ event }) => validate(event) !== null,
  },
  actions: {
    setFormError: assign({ formError: ({ event }) => validate(event) }),
    clearFormError: assign({ formError: null }),
    toastSuccess: emit((_, title: string) => ({ type: "toast" as const, tone: "success" as const, title })),
    /** On an invoke's error event: the form shows the reason and a toast titled `title` repeats it. */
    showFailure: assign({ formError: ({ event }) => failureMessage(event) }),
    toastFailure: emit(({ event }, title: string) => ({
      type: "toast" as const,
      tone: "error" as const,
      title,
      description: failureMessage(event),
    })),
    goToLogin: emit({ type: "navigate" as const, href: "/auth?mode=login" }),
  },
}).createMachine({
  id: "accountForms",
  context: { formError: null },
  initial: "idle",
  on: { "FORM.CLEAR": { actions: "clearFormError" } },
  states: {
    idle: {
      on: {
        SIGNUP: [
          { guard: "formInvalid", actions: "setFormError" },
          { target: "signingUp", actions: "clearFormError" },
        ],
        FORGOT: [
          { guard: "formInvalid", actions: "setFormError" },
          { target: "sendingResetLink", actions: "clearFormError" },
        ],
        VERIFY: { target: "verifyingEmail", actions: "clearFormError" },
        RESET: [
          { guard: "formInvalid", actions: "setFormError" },
          { target: "resettingPassword", actions: "clearFormError" },
        ],
      },
    },
    signingUp: {
      tags: ["busy"],
      invoke: {
        id: "signup",
        src: "signup",
        input: ({ event }) => {
          assertEvent(event, "SIGNUP");
          const { name, email, password, referralCode } = event;
          const code = referralCode?.trim();
          return {
            name: name.trim(),
            email: email.trim(),
            password,
            ...(code ? { referralCode: code } : {}),
          };
        },
        onDone: { target: "redirecting", actions: { type: "toastSuccess", params: TOASTS.signupSuccess } },
        onError: {
          target: "idle",
          actions: ["showFailure", { type: "toastFailure", params: TOASTS.signupFailed }],
        },
      },
    },
    sendingResetLink: {
      tags: ["busy"],
      invoke: {
        id: "forgotPassword",
        src: "forgotPassword",
        input: ({ event }) => {
          assertEvent(event, "FORGOT");
          return { email: event.email.trim() };
        },
        onDone: { target: "idle", actions: { type: "toastSuccess", params: TOASTS.forgotSuccess } },
        onError: {
          target: "idle",
          actions: ["showFailure", { type: "toastFailure", params: TOASTS.forgotFailed }],
        },
      },
    },
    resettingPassword: {
      tags: ["busy"],
      invoke: {
        id: "resetPassword",
        src: "resetPassword",
        input: ({ event }) => {
          assertEvent(event, "RESET");
          return { token: event.token, password: event.password };
        },
        onDone: { target: "redirecting", actions: { type: "toastSuccess", params: TOASTS.resetSuccess } },
        onError: {
          target: "idle",
          actions: ["showFailure", { type: "toastFailure", params: TOASTS.forgotFailed }],
        },
      },
    },
    verifyingEmail: {
      tags: ["busy"],
      invoke: {
        id: "verifyEmail",
        src: "verifyEmail",
        input: ({ event }) => {
          assertEvent(event, "VERIFY");
          return { token: event.token };
        },
        onDone: { target: "redirecting", actions: { type: "toastSuccess", params: TOASTS.verifySuccess } },
        onError: {
          target: "idle",
          actions: ["showFailure", { type: "toastFailure", params: TOASTS.forgotFailed }],
        },
      },
    },
    redirecting: {
      after: { NAVIGATION_DELAY: { target: "idle", actions: "goToLogin" } },
    },
  },
});
