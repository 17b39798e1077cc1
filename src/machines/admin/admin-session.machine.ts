/**
 * The admin's session (spec §2 Admin login, §3, §6; DESIGN.md §7). App-lifetime.
 * States: restoring → signedOut | signedIn; signedOut —LOGIN→ signingIn → signedIn | signedOut (with the
 * reason); signedIn —LOGOUT→ signingOut → signedOut; signedIn —SESSION.LOST→ signedOut (a 401 on an admin call
 * or the guard finding the role gone). Restoring asks the server who the token belongs to, so a stale or
 * demoted session never opens the back office.
 */
import { assign, emit, fromPromise, setup } from "xstate";
import type { AdminUser } from "#src/api/admin-session-store.ts";

type Navigate = { type: "navigate"; href: string };

export const NOT_ADMIN = "This account is not an admin. Sign in with an admin account.";
export const FIELDS_REQUIRED = "Please enter both email and password";

const notProvided = (name: string) => () => {
  throw new Error(`admin session machine: actor "${name}" was not provided`);
};

export const adminSessionMachine = setup({
  types: {
    context: {} as { user: AdminUser | null; error: string | null },
    events: {} as
      | { type: "LOGIN"; email: string; password: string }
      | { type: "LOGOUT" }
      | { type: "SESSION.LOST" },
    emitted: {} as Navigate,
  },
  actors: {
    restore: fromPromise<AdminUser | null>(notProvided("restore")),
    login: fromPromise<AdminUser, { email: string; password: string }>(notProvided("login")),
    logout: fromPromise<void>(notProvided("logout")),
  },
}).createMachine({
  id: "adminSession",
  context: { user: null, error: null },
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
          {
            guard: ({ event }) => event.email.trim() === "" || event.password === "",
            actions: assign({ error: FIELDS_REQUIRED }),
          },
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
          const { email, password } = event as { email: string; password: string };
          return { email: email.trim(), password };
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
              const error = event.error as { code?: string; message?: string } | null;
              if (error?.code === "NOT_ADMIN") return NOT_ADMIN;
              return error?.message ? `Login failed: ${error.message}` : "Login failed. Please try again.";
            },
          }),
        },
      },
    },
    signedIn: {
      on: {
        LOGOUT: "signingOut",
        "SESSION.LOST": {
          target: "signedOut",
          actions: [assign({ user: null }), emit({ type: "navigate", href: "/admin" })],
        },
      },
    },
    signingOut: {
      tags: ["busy"],
      invoke: {
        id: "logout",
        src: "logout",
        onDone: {
          target: "signedOut",
          actions: [assign({ user: null }), emit({ type: "navigate", href: "/admin" })],
        },
        onError: {
          target: "signedOut",
          actions: [assign({ user: null }), emit({ type: "navigate", href: "/admin" })],
        },
      },
    },
  },
});
