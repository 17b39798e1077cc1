/**
 * The session machine walked through the real /auth?mode=login screen (tests/model/login.walk.test.tsx, and
 * the exported tests/e2e/generated/auth.spec.ts): nothing is stored, a visitor signs in. A refused login is
 * caused the way a person causes it, with a wrong password.
 */
import type { AuthEvent } from "#src/machines/auth/auth.machine.ts";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import { click, type Expectation, fill, type Gesture, type Walk } from "./actions.ts";

/** The visitor of the login walks: the msw backend holds this account; each exported test signs up its own. */
export const LOGIN_ACCOUNT = { name: "Ada", email: "ada@example.com", password: "correct horse" };
export const WRONG_PASSWORD = "not the password";
export const INVALID_CREDENTIALS = {
  code: "INVALID_CREDENTIALS",
  message: "Invalid email or password.",
  status: 401,
};

type Login = Extract<AuthEvent, { type: "LOGIN" }>;

export const authGestures = {
  LOGIN: (event: Login, next) => [
    fill("Email", event.email === LOGIN_ACCOUNT.email ? { account: "email" } : event.email),
    fill(
      "Password",
      next?.type === "xstate.error.actor.login"
        ? WRONG_PASSWORD
        : event.password === LOGIN_ACCOUNT.password
          ? { account: "password" }
          : event.password,
    ),
    click({ role: "button", name: "Login" }),
  ],
} satisfies Partial<Record<AuthEvent["type"], Gesture<Login>>>;

/** Start from "nothing stored" and explore only what a visitor on the login form can make happen. */
export const loginWalkModel: ModelOptions<unknown> = {
  input: { now: () => Date.now() },
  fakeActors: ["restoreSession", "login"],
  events: (snapshot) =>
    snapshot.matches("restoring")
      ? [{ type: "xstate.done.actor.restoreSession", output: null }]
      : snapshot.matches("signedOut")
        ? ([
            { type: "LOGIN", email: LOGIN_ACCOUNT.email, password: LOGIN_ACCOUNT.password },
            { type: "LOGIN", email: "", password: "" },
            {
              type: "xstate.done.actor.login",
              output: {
                accessToken: "a",
                refreshToken: "r",
                expiresAt: 0,
                user: { id: "u", email: LOGIN_ACCOUNT.email, name: "Ada", role: "user" },
              },
            },
            { type: "xstate.error.actor.login", error: INVALID_CREDENTIALS },
          ] satisfies ModelEvent[])
        : [],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.formError, Boolean(snapshot.context.user)]),
};

export const authWalk: Walk = {
  machine: "auth",
  parts: [
    {
      name: "sign in on /auth?mode=login",
      model: loginWalkModel,
      gestures: authGestures,
      start: { url: "/auth?mode=login&redirect=%2Ftap", account: "signedUp" },
      causedFailures: { "xstate.error.actor.login": { how: "the LOGIN gesture types a wrong password" } },
      atEnd: (leaf, events) => {
        const seen: Expectation[] = [];
        if (leaf.matches("signedIn")) seen.push({ see: { text: TOASTS.loginSuccess } }, { url: "/tap" });
        if (leaf.context.formError) seen.push({ see: { text: leaf.context.formError } });
        if (events.some((event) => event.type === "xstate.error.actor.login"))
          seen.push({ see: { text: TOASTS.loginFailed } });
        if (!leaf.matches("signedIn")) seen.push({ url: "/auth?mode=login&redirect=%2Ftap" });
        return seen;
      },
    },
  ],
};
