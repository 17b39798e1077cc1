/**
 * The session machine walked through the real app (the exported tests/e2e/generated/auth.spec.ts): the
 * journeys of the main model (a signed-in player out and back in, a visitor whose stored session cannot be
 * read), the /auth?mode=login screen alone (also tests/model/login.walk.test.tsx: nothing is stored, a visitor
 * signs in), and a signed-in session on /home as time passes. A refused login is caused the way a person
 * causes it, with a wrong password.
 */
import type { AnyMachineSnapshot } from "xstate";
import { STORAGE_KEYS } from "#src/api/storage-keys.ts";
import type { AuthEvent } from "#src/machines/auth/auth.machine.ts";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import { NAVIGATION_DELAY_MS, REFRESH_MARGIN_MS, REFRESH_RETRY_MS } from "#src/machines/auth/auth.types.ts";
import { authSession, NOW } from "../models/auth.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  clock,
  type Expectation,
  fill,
  forget,
  type Gesture,
  hold,
  logOutElsewhere,
  type NotAGesture,
  notAGesture,
  type Outcome,
  TOASTER,
  type Walk,
  type WalkPart,
  waitFor,
} from "./actions.ts";

/** The visitor of the login walks: the msw backend holds this account; each exported test signs up its own. */
export const LOGIN_ACCOUNT = { name: "Ada", email: "ada@example.com", password: "correct horse" };
export const WRONG_PASSWORD = "not the password";
export const INVALID_CREDENTIALS = {
  code: "INVALID_CREDENTIALS",
  message: "Invalid email or password.",
  status: 401,
};

type Login = Extract<AuthEvent, { type: "LOGIN" }>;

/** Why the login form's walk has no gesture for the session's other events. */
const SIGNED_OUT = "nobody is signed in on the login form: the session part walks it";
const AUTH_PAGE =
  "the /auth page says it opened (or its search changed) as the walk opens it, and closed as a login navigates away: the start and the login send them; the auth-page walk (tests/model/auth-page.walk.test.tsx) changes its search";
const USER_UPDATED =
  "the account changed under an open screen (Telegram linked or unlinked): walked with telegram-link";

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
  LOGOUT: notAGesture(SIGNED_OUT),
  "SESSION.LOST": notAGesture(SIGNED_OUT),
  "SESSION.UNAUTHORIZED": notAGesture(SIGNED_OUT),
  "USER.UPDATED": notAGesture(USER_UPDATED),
  "AUTH_PAGE.OPENED": notAGesture(AUTH_PAGE),
  "AUTH_PAGE.CLOSED": notAGesture(AUTH_PAGE),
} satisfies Record<AuthEvent["type"], Gesture<Login> | NotAGesture>;

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

/**
 * A signed-in session on /home, as time passes: the stored session is restored as the page opens (from the
 * browser's storage, by itself), the access token is refreshed a minute before its hour is up (the walk holds
 * POST /auth/refresh and answers it: a new pair, no network, or a revoked session's 401), a refresh without
 * network is retried after 30 s, and the person logs out from the account menu (POST /auth/logout held and
 * answered by the server or not at all: the stored session is cleared either way).
 */
/** The session's token refresh (other walks hold it too: after a jump of hours the token looks expired). */
export const REFRESH: Call = { method: "POST", path: "/auth/refresh" };
const LOGOUT_CALL: Call = { method: "POST", path: "/auth/logout" };
/** The server's access token lives an hour (server/domain/auth/tokens.ts); the model's stored one too. */
const ACCESS_LIFETIME_MS = 60 * 60 * 1000;
/**
 * How far the clock moves for the refresh: to just past a minute before the hour is up (REFRESH_MARGIN_MS).
 * Not the whole hour: the held refresh would then outlive the API client's 10 s timeout in page time, fail
 * by itself and be retried, and the walk's answer would go to a request the app has given up on.
 */
/** A few frames: what the account menu needs to open where it belongs. */
const MENU_FRAMES_MS = 50;
const TO_THE_REFRESH_MS = ACCESS_LIFETIME_MS - REFRESH_MARGIN_MS + 2_000;
const REVOKED = {
  status: 401,
  code: "UNAUTHORIZED",
  message: "Your session has ended. Please sign in again.",
};
const NO_NETWORK = { code: "NETWORK_ERROR", message: "offline", status: 0 };
const SESSION = {
  accessToken: "a",
  refreshToken: "r",
  expiresAt: NOW / 1000 + ACCESS_LIFETIME_MS / 1000,
  user: { id: "u", email: LOGIN_ACCOUNT.email, name: "Ada", role: "user" as const },
};
const authAfter = (delay: string, state: string) => ({ type: `xstate.after.${delay}.auth.${state}` });

type SessionWalkEvent =
  | AuthEvent["type"]
  // The stored session is restored and cleared by the app itself, at once: no gesture, no entry.
  | `xstate.${"done" | "error"}.actor.${"refreshSession" | "logout"}`
  | `xstate.after.${"REFRESH_DELAY" | "REFRESH_RETRY" | "NAVIGATION_DELAY"}.auth.${string}`;

const outcome = (error: unknown): Outcome => {
  const { status, code, message } = error as typeof REVOKED;
  return status === 0 ? "network" : { status, code, message };
};

export const sessionGestures = {
  LOGOUT: () => [
    click({ role: "button", namePrefix: "AL: account menu" }),
    // The menu places itself on the next frames: on the test's stopped clock they come when it moves.
    clock(MENU_FRAMES_MS),
    click({ role: "menuitem", name: "Logout" }),
  ],
  "xstate.after.REFRESH_DELAY.auth.signedIn.session.active": () => [clock(TO_THE_REFRESH_MS)],
  "xstate.after.REFRESH_RETRY.auth.signedIn.session.waitingToRetry": () => [clock(REFRESH_RETRY_MS)],
  // The way to the login page after the session ends: the app's own short timer, on the test's clock.
  "xstate.after.NAVIGATION_DELAY.auth.signedOut.redirecting": () => [clock(NAVIGATION_DELAY_MS)],
  "xstate.done.actor.refreshSession": () => [answer(REFRESH, "server")],
  "xstate.error.actor.refreshSession": (event: { error: unknown }) => [answer(REFRESH, outcome(event.error))],
  "xstate.done.actor.logout": () => [answer(LOGOUT_CALL, "server")],
  "xstate.error.actor.logout": () => [answer(LOGOUT_CALL, "network")],
  // This session is logged out on another device: the server ends it and says so down the live stream. The
  // app signs out (its spinner shows) and goes to the login page after its short navigation delay.
  "SESSION.LOST": () => [logOutElsewhere(), waitFor({ role: "status", name: "Signing out" })],
  LOGIN: notAGesture("the session part starts signed in: the login part walks the form"),
  "SESSION.UNAUTHORIZED": notAGesture(
    "another call answered 401 (the API client tells the session): this part holds only the refresh, whose 401 is walked as its own failure; auth.machine.test.ts sends SESSION.UNAUTHORIZED",
  ),
  "USER.UPDATED": notAGesture(USER_UPDATED),
  "AUTH_PAGE.OPENED": notAGesture(
    "opening /auth while signed in (the app sends the user on): the auth-page walk (tests/model/auth-page.walk.test.tsx) does it; this part stays on /home",
  ),
  "AUTH_PAGE.CLOSED": notAGesture("this part never opens /auth (see AUTH_PAGE.OPENED)"),
} satisfies Record<SessionWalkEvent, Gesture<never> | NotAGesture>;

export const sessionWalkModel: ModelOptions<unknown> = {
  input: { now: () => NOW },
  fakeActors: ["restoreSession", "refreshSession", "logout", "clearStoredSession", "storagePoller"],
  events: (snapshot) => {
    if (snapshot.matches("restoring")) return [{ type: "xstate.done.actor.restoreSession", output: SESSION }];
    if (snapshot.matches("loggingOut"))
      return [{ type: "xstate.done.actor.logout" }, { type: "xstate.error.actor.logout", error: NO_NETWORK }];
    if (snapshot.matches("clearingExpiredSession")) return [{ type: "xstate.done.actor.clearStoredSession" }];
    if (snapshot.matches({ signedOut: "redirecting" }))
      return [authAfter("NAVIGATION_DELAY", "signedOut.redirecting")];
    if (snapshot.matches({ signedIn: { session: "active" } }))
      return [
        { type: "LOGOUT" },
        authAfter("REFRESH_DELAY", "signedIn.session.active"),
        { type: "SESSION.LOST" },
      ];
    if (snapshot.matches({ signedIn: { session: "refreshing" } }))
      return [
        { type: "xstate.done.actor.refreshSession", output: SESSION },
        { type: "xstate.error.actor.refreshSession", error: NO_NETWORK },
        { type: "xstate.error.actor.refreshSession", error: REVOKED },
      ];
    if (snapshot.matches({ signedIn: { session: "waitingToRetry" } }))
      // LOGOUT is the same transition from any signed-in state: the walk takes it from `active` only.
      return [authAfter("REFRESH_RETRY", "signedIn.session.waitingToRetry")];
    return [];
  },
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, Boolean(snapshot.context.user), snapshot.context.error?.code ?? null]),
};

export const sessionPart: WalkPart = {
  name: "a signed-in session on /home as time passes",
  model: sessionWalkModel,
  gestures: sessionGestures,
  before: [hold(REFRESH), hold(LOGOUT_CALL)],
  start: { url: "/home", account: "signedIn", ready: { text: "Rewards Balance" } },
  shortDelays: ["NAVIGATION_DELAY"],
  atEnd: (leaf) => {
    if (leaf.matches("signedOut") || leaf.matches("clearingExpiredSession") || leaf.matches("loggingOut"))
      return leaf.matches({ signedOut: "idle" }) ? [{ see: { role: "button", name: "Login" } }] : [];
    return [{ see: { text: "Rewards Balance" } }, { url: "/home" }];
  },
};

export const loginPart: WalkPart = {
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
};

/**
 * A person's way through the session, as the main model has it (models/auth.model.ts): signed in on /home
 * as time passes, out by the account menu or by the server, back in on the login form; or a visitor on the
 * landing page (whose stored session the app could not read) going to the forms and back. Where the app
 * moves by itself (its redirect after a session ends, and the login page it opens then), the step waits
 * for it: a redirect to /auth also opens the page, so the model's AUTH_PAGE.OPENED after it is the page
 * already open, and the way back to /home after a login closes it.
 */
const BANNER = { role: "banner" } as const;
const LOGIN_BUTTON = { role: "button", name: "Login" } as const;
const SIGN_UP_BUTTON = { role: "button", name: "Sign Up" } as const;
const HOME_READY = { text: "Rewards Balance" } as const;
const LANDING = { role: "heading", name: "Turn every tap into real rewards" } as const;
const LOGIN_CALL: Call = { method: "POST", path: "/auth/login" };
const TOAST_GONE_MS = 5_000;
const REDIRECTED = "xstate.after.NAVIGATION_DELAY.auth.signedOut.redirecting";
type AuthPageOpened = Extract<AuthEvent, { type: "AUTH_PAGE.OPENED" }>;

export const journeyGestures = {
  ...sessionGestures,
  LOGIN: authGestures.LOGIN,
  // The login is held, so the page has taken its answer before the clock moves on to the redirect; a
  // refusal is the server's answer to the wrong password the LOGIN gesture typed.
  "xstate.done.actor.login": () => [answer(LOGIN_CALL, "server")],
  "xstate.error.actor.login": () => [answer(LOGIN_CALL, "server")],
  "AUTH_PAGE.OPENED": (event: AuthPageOpened, _next, { before, earlier }) => {
    const page = before.context.authPage as { mode: string } | null;
    const form = event.mode === "signup" ? SIGN_UP_BUTTON : LOGIN_BUTTON;
    // The app opened the login page after a logout or a session's end; the person may go on to sign up.
    if (!page && earlier.at(-1)?.type === REDIRECTED)
      return event.mode === "signup"
        ? [waitFor(LOGIN_BUTTON), click({ role: "link", name: "Sign Up" }), waitFor(form)]
        : [waitFor(LOGIN_BUTTON)];
    // The landing page's header links; then the login form's Sign Up link, or the sign-up form's Login link.
    const link = page
      ? click({ role: "link", name: event.mode === "signup" ? "Sign Up" : "Login" })
      : click({ role: "link", name: event.mode === "signup" ? "Get Started" : "Login" }, BANNER);
    return [link, waitFor(form)];
  },
  // The brand link back to the landing page; once signed in, the app's own way on to /home.
  "AUTH_PAGE.CLOSED": (_event, _next, { before }) =>
    before.matches("signedIn")
      ? [waitFor(HOME_READY)]
      : // A toast at the top of the forms covers the brand link until it goes (Sonner's 4 s, then its exit).
        [clock(TOAST_GONE_MS), click({ role: "link", name: "TapRewards" }), waitFor(LANDING)],
  "USER.UPDATED": notAGesture(USER_UPDATED),
  "xstate.after.NAVIGATION_DELAY.auth.signedIn.navigation.pending": () => [clock(NAVIGATION_DELAY_MS)],
} satisfies Record<SessionWalkEvent | `xstate.${"done" | "error"}.actor.login`, Gesture<never> | NotAGesture>;

/** The main model, from one way the page opens: the stored session restored, or unreadable. */
const restoredAs = (restored: ModelEvent): ModelOptions<unknown> => ({
  ...authSession,
  events: (snapshot) =>
    snapshot.matches("restoring")
      ? [restored]
      : (authSession.events as (snapshot: AnyMachineSnapshot) => ModelEvent[])(snapshot),
});

const journeyEnd = (leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] => {
  const page = leaf.context.authPage as { mode: string } | null;
  const seen: Expectation[] = [];
  // The form's message, on the form it belongs to (the session keeps it after the page closes).
  if (page && leaf.context.formError) seen.push({ see: { text: leaf.context.formError } });
  if (events.at(-1)?.type === "xstate.error.actor.login")
    seen.push({ seeIn: TOASTER, text: TOASTS.loginFailed });
  // Signed in: on /home (a login's redirect has fired by the end: the path runs the app's short timers).
  if (leaf.matches("signedIn")) return [...seen, { see: HOME_READY }, { url: "/home" }];
  // The logout is still out: the page stays as it was until it is answered.
  if (leaf.matches("loggingOut")) return [...seen, { see: HOME_READY }, { url: "/home" }];
  if (leaf.matches({ signedOut: "loggingIn" }))
    return [...seen, { see: { role: "button", name: "Signing in..." } }];
  if (page?.mode === "signup") return [...seen, { see: SIGN_UP_BUTTON }];
  if (page || events.at(-1)?.type === REDIRECTED) return [...seen, { see: LOGIN_BUTTON }];
  return [...seen, { see: LANDING }, { url: "/" }];
};

export const journeyParts: WalkPart[] = [
  {
    name: "a signed-in player on /home: out and back in",
    model: restoredAs({ type: "xstate.done.actor.restoreSession", output: SESSION }),
    gestures: journeyGestures,
    before: [hold(REFRESH), hold(LOGOUT_CALL), hold(LOGIN_CALL)],
    start: { url: "/home", account: "signedIn", ready: HOME_READY },
    shortDelays: ["NAVIGATION_DELAY"],
    atEnd: journeyEnd,
  },
  {
    name: "a visitor on the landing page, whose stored session cannot be read",
    model: restoredAs({
      type: "xstate.error.actor.restoreSession",
      error: new Error("Half a session is stored"),
    }),
    gestures: journeyGestures,
    // A signed-in page's stored user goes missing: half a session, which the next page load cannot restore.
    before: [forget(STORAGE_KEYS.userData), hold(REFRESH), hold(LOGOUT_CALL), hold(LOGIN_CALL)],
    start: { url: "/", account: "signedIn", ready: LANDING },
    shortDelays: ["NAVIGATION_DELAY"],
    causedFailures: {
      "xstate.error.actor.restoreSession": { how: "the start leaves half a session stored" },
    },
    atEnd: journeyEnd,
  },
];

export const authWalk: Walk = { machine: "auth", parts: [...journeyParts, loginPart, sessionPart] };
