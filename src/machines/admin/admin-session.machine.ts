/**
 * The admin's session (docs/product.md §2 Admin login, §3, §6; docs/design.md §7). App-lifetime.
 * States: restoring → signedOut | signedIn.confirmed; signedOut —LOGIN→ signingIn → signedIn.confirmed |
 * signedOut (with the reason); signedIn.confirmed | unverified —AREA.ENTER→ confirming → confirmed |
 * unverified | signedOut; signedIn —LOGOUT→ signingOut → signedOut; signedIn —SESSION.LOST→ signedOut.
 * Entering the admin area asks the server again whose token this is, so a stale, demoted or revoked session
 * never opens the back office; when the server cannot be asked (offline) the session stays `unverified` and
 * the pages load and show their own errors, as the server checks the role on every call regardless.
 * Invariants: `user` is set exactly while signedIn or signingOut; `loading` (restoring, confirming) is what
 * route guards wait for; navigation leaves only as an emitted `navigate` event.
 */
import { assertEvent, assign, emit, fromPromise, setup, spawnChild } from "xstate";
import type { AdminUser } from "#src/api/admin-session-store.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import type { RoleCheck } from "./admin.types.ts";

export const NOT_ADMIN = "This account is not an admin. Sign in with an admin account.";
export const FIELDS_REQUIRED = "Please enter both email and password";

export type AdminSessionEvent =
  | { type: "LOGIN"; email: string; password: string }
  | { type: "LOGOUT" }
  /** The guard of /admin/* on entering the area. */
  | { type: "AREA.ENTER" }
  /** An admin call answered 401, or the server revoked the session. */
  | { type: "SESSION.LOST" }
  /** An admin call answered 401: the stored admin session is removed at once (docs/product.md §4). */
  | { type: "SESSION.UNAUTHORIZED" };

export const adminSessionMachine = setup({
  types: {
    context: {} as { user: AdminUser | null; error: string | null },
    events: {} as AdminSessionEvent,
    emitted: {} as { type: "navigate"; href: string },
  },
  actors: {
    restore: fromPromise<AdminUser | null>(notProvided("admin session", "restore")),
    login: fromPromise<AdminUser, { email: string; password: string }>(notProvided("admin session", "login")),
    confirmRole: fromPromise<RoleCheck>(notProvided("admin session", "confirmRole")),
    logout: fromPromise<void>(notProvided("admin session", "logout")),
    clearStoredSession: fromPromise<void>(notProvided("admin session", "clearStoredSession")),
  },
  actions: {
    forget: assign({ user: null }),
    toLogin: emit({ type: "navigate", href: "/admin" }),
  },
  guards: {
    incomplete: ({ event }) => {
      assertEvent(event, "LOGIN");
      return event.email.trim() === "" || event.password === "";
    },
  },
}).createMachine({
  id: "adminSession",
  context: { user: null, error: null },
  on: { "SESSION.UNAUTHORIZED": { actions: spawnChild("clearStoredSession") } },
  initial: "restoring",
  states: {
    restoring: {
      tags: ["loading"],
      invoke: {
        id: "restore",
        src: "restore",
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: "signedIn",
            actions: assign({ user: ({ event }) => event.output }),
          },
          { target: "signedOut" },
        ],
        onError: "signedOut",
      },
    },
    signedOut: {
      on: {
        LOGIN: [
          { guard: "incomplete", actions: assign({ error: FIELDS_REQUIRED }) },
          { target: "signingIn", actions: assign({ error: null }) },
        ],
      },
    },
    signingIn: {
      tags: ["busy"],
      invoke: {
        id: "login",
        src: "login",
        input: ({ event }) => {
          assertEvent(event, "LOGIN");
          return { email: event.email.trim(), password: event.password };
        },
        onDone: {
          target: "signedIn",
          actions: [
            assign({ user: ({ event }) => event.output }),
            emit({ type: "navigate", href: "/admin/dashboard" }),
          ],
        },
        onError: {
          target: "signedOut",
          actions: assign({
            error: ({ event }) => {
              const error = apiErrorOf(event.error);
              if (error.code === "NOT_ADMIN") return NOT_ADMIN;
              return error.message ? `Login failed: ${error.message}` : "Login failed. Please try again.";
            },
          }),
        },
      },
    },
    signedIn: {
      // Restoring and signing in have just asked the server.
      initial: "confirmed",
      on: {
        LOGOUT: "signingOut",
        "SESSION.LOST": { target: "signedOut", actions: ["forget", "toLogin"] },
      },
      states: {
        confirmed: { on: { "AREA.ENTER": "confirming" } },
        unverified: { on: { "AREA.ENTER": "confirming" } },
        confirming: {
          tags: ["loading"],
          invoke: {
            id: "confirmRole",
            src: "confirmRole",
            onDone: [
              { guard: ({ event }) => event.output === "admin", target: "confirmed" },
              // The guard that is waiting sends the visitor to /admin.
              {
                guard: ({ event }) => event.output === "revoked",
                target: "#adminSession.signedOut",
                actions: "forget",
              },
              { target: "unverified" },
            ],
            onError: "unverified",
          },
        },
      },
    },
    signingOut: {
      tags: ["busy"],
      invoke: {
        id: "logout",
        src: "logout",
        onDone: { target: "signedOut", actions: ["forget", "toLogin"] },
        onError: { target: "signedOut", actions: ["forget", "toLogin"] },
      },
    },
  },
});
