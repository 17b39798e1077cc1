/**
 * The admin session walked through the real back office (the exported tests/e2e/generated/admin-session.spec.ts):
 * the login form on /admin, the area's check of the role as the Dashboard opens, and Logout. No admin session
 * is stored when the test starts, so the app restores none (no call); the walk holds the login and the role
 * check (GET /auth/me), so the path says how each is answered: the real server (the suite's admin, a wrong
 * password, or a player's account, which the app signs out again as not an admin) or no network.
 * Every event of the machine is here: a gesture, or why none.
 */
import type { AnyMachineSnapshot } from "xstate";
import { NETWORK_ERROR } from "#src/api/errors.ts";
import {
  type AdminSessionEvent,
  FIELDS_REQUIRED,
  NOT_ADMIN,
} from "#src/machines/admin/admin-session.machine.ts";
import { ADMIN, adminSession } from "../models/admin-session.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  type Expectation,
  fill,
  type Gesture,
  hold,
  logOutElsewhere,
  type NotAGesture,
  notAGesture,
  type Walk,
  waitFor,
} from "./actions.ts";

export const ADMIN_LOGIN: Call = { method: "POST", path: "/auth/login" };
export const ADMIN_ME: Call = { method: "GET", path: "/auth/me" };
const LOGIN_HEADING = { role: "heading", name: "Admin Login" } as const;
const NETWORK = { code: "NETWORK_ERROR", message: NETWORK_ERROR.message, status: 0 };
/** The server's answer to a wrong password (server/domain/auth/errors.ts). */
const WRONG_PASSWORD = { code: "INVALID_CREDENTIALS", message: "Invalid email or password.", status: 401 };
/** The API's answer for a token it no longer knows (a session ended elsewhere). */
const UNKNOWN_TOKEN = { status: 401, code: "UNAUTHORIZED", message: "Your session has ended. Log in again." };
/** The login actor's own refusal of a player's account (admin.actors.ts): it signs that session out again. */
const PLAYER = { code: "NOT_ADMIN", message: "not an admin", status: 0 };

type EventType =
  | AdminSessionEvent["type"]
  | `xstate.${"done" | "error"}.actor.${"restore" | "login" | "confirmRole" | "logout"}`;
type ErrorEvent = { error: { code: string } };

/**
 * What LOGIN types: the next step says whose account (the answer is the real server's). A wrong password is
 * typed for the test's own player, never for the suite's admin, whose failed logins the server counts.
 */
function credentials(event: { email: string }, next: ModelEvent | undefined) {
  if (event.email === "") return [fill("Email", ""), fill("Password", "")];
  const code = (next as Partial<ErrorEvent> | undefined)?.error?.code;
  if (code === PLAYER.code)
    return [fill("Email", { account: "email" }), fill("Password", { account: "password" })];
  if (code === WRONG_PASSWORD.code)
    return [fill("Email", { account: "email" }), fill("Password", "not the password")];
  return [fill("Email", { arranged: "adminEmail" }), fill("Password", { arranged: "adminPassword" })];
}

export const adminSessionGestures = {
  LOGIN: ((event: { email: string }, next: ModelEvent | undefined) => [
    ...credentials(event, next),
    click({ role: "button", name: "Login" }),
  ]) as Gesture<never>,
  LOGOUT: () => [click({ role: "button", name: "Logout" })],
  // The area's guard sends it as the login's navigation enters the Dashboard: nothing to do but let it.
  "AREA.ENTER": () => [],
  // The admin's session is logged out in another tab: the server ends it and says so down the admins' stream
  // (open as soon as an admin is signed in, the role check still out too); the app goes back to the login.
  "SESSION.LOST": () => [logOutElsewhere("admin"), waitFor(LOGIN_HEADING)],
  "SESSION.UNAUTHORIZED": notAGesture(
    "sent by the API client with SESSION.LOST when an admin call is answered 401: see SESSION.LOST; the path tests and the client's tests cover the stored session being removed",
  ),
  // No admin session is stored as the test starts: the app finds none without a call.
  "xstate.done.actor.restore": () => [],
  "xstate.error.actor.restore": notAGesture(
    "reading the stored admin session only fails where storage is blocked as the page starts, before any gesture; the protected walk blocks storage on a player's page",
  ),
  "xstate.done.actor.login": () => [answer(ADMIN_LOGIN, "server")],
  "xstate.error.actor.login": ((event: ErrorEvent) =>
    event.error.code === NETWORK.code
      ? [answer(ADMIN_LOGIN, "network")]
      : [answer(ADMIN_LOGIN, "server")]) as Gesture<never>,
  // The check's answer: the real server (an admin), the API's 401 for a token it no longer knows, no network.
  "xstate.done.actor.confirmRole": ((event: { output: string }) =>
    event.output === "admin"
      ? [answer(ADMIN_ME, "server")]
      : event.output === "revoked"
        ? [answer(ADMIN_ME, UNKNOWN_TOKEN)]
        : [answer(ADMIN_ME, "network")]) as Gesture<never>,
  "xstate.error.actor.confirmRole": notAGesture(
    "the role check answers every failure (revoked, unreachable) rather than throwing: only a bug in it would reject",
  ),
  // Logging out is not held: the app forgets the session at once and the server's answer changes nothing shown.
  "xstate.done.actor.logout": () => [waitFor(LOGIN_HEADING)],
  "xstate.error.actor.logout": notAGesture(
    "the session is forgotten before the server is told, so a failed logout looks the same as one that went (the done path); the path tests replay it",
  ),
} satisfies Record<EventType, Gesture<never> | NotAGesture>;

/** Only what a visitor of /admin can make happen, starting with no stored session. */
export const adminSessionWalkModel: ModelOptions<unknown> = {
  ...adminSession,
  events: (snapshot) => {
    if (snapshot.matches("restoring")) return [{ type: "xstate.done.actor.restore", output: null }];
    if (snapshot.matches("signedOut"))
      return [
        { type: "LOGIN", email: ADMIN.email, password: "pw" },
        { type: "LOGIN", email: "", password: "" },
      ];
    if (snapshot.matches("signingIn"))
      return [
        { type: "xstate.done.actor.login", output: ADMIN },
        { type: "xstate.error.actor.login", error: WRONG_PASSWORD },
        { type: "xstate.error.actor.login", error: PLAYER },
        { type: "xstate.error.actor.login", error: NETWORK },
      ] satisfies ModelEvent[];
    // Signed in here means just signed in: the guard checks the role as the Dashboard opens (the model cannot
    // tell that from a session checked already, so Logout is walked from a session the server could not check).
    if (snapshot.matches({ signedIn: "confirmed" }))
      return [{ type: "AREA.ENTER" }, { type: "SESSION.LOST" }];
    if (snapshot.matches({ signedIn: "confirming" }))
      return [
        { type: "SESSION.LOST" },
        { type: "xstate.done.actor.confirmRole", output: "admin" },
        { type: "xstate.done.actor.confirmRole", output: "revoked" },
        { type: "xstate.done.actor.confirmRole", output: "unreachable" },
      ];
    if (snapshot.matches({ signedIn: "unverified" })) return [{ type: "LOGOUT" }];
    if (snapshot.matches("signingOut")) return [{ type: "xstate.done.actor.logout" }];
    return [];
  },
};

function atEnd(leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] {
  const error = leaf.context.error as string | null;
  const last = events.at(-1);
  if (leaf.matches("signingIn")) return [{ see: { role: "button", name: "Signing in..." } }];
  // Just signed in, the guard's check is out (held): the address is the Dashboard's already, and the login
  // page stays on screen, still signing in, until the check is answered.
  if (last?.type === "xstate.done.actor.login" || leaf.matches({ signedIn: "confirming" }))
    return [{ see: { role: "button", name: "Signing in..." } }, { url: "/admin/dashboard" }];
  if (leaf.matches("signedIn"))
    return [{ url: "/admin/dashboard" }, { see: { role: "button", name: "Logout" } }];
  const seen: Expectation[] = [{ see: LOGIN_HEADING }, { url: "/admin" }];
  if (error === FIELDS_REQUIRED || error === NOT_ADMIN) seen.push({ see: { text: error } });
  else if (error) seen.push({ see: { text: `Login failed: ${error.replace(/^Login failed: /, "")}` } });
  if (last?.type === "xstate.done.actor.logout") seen.push({ see: { role: "textbox", name: "Email" } });
  return seen;
}

export const adminSessionWalk: Walk = {
  machine: "admin-session",
  parts: [
    {
      name: "sign in to the back office on /admin",
      model: adminSessionWalkModel,
      gestures: adminSessionGestures,
      before: [hold(ADMIN_LOGIN), hold(ADMIN_ME)],
      start: {
        url: "/admin",
        account: "signedUp",
        arrange: { file: "admin-session", name: "adminCredentials" },
        ready: LOGIN_HEADING,
      },
      atEnd,
    },
  ],
};
