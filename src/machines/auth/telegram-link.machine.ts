/**
 * The account menu's Link Telegram / Unlink Telegram dialog (docs/decisions/033). Page-lifetime: the signed-in
 * shell creates it. A link is a way into the account, so both changes ask for the current password; the server
 * mails the owner either way.
 *
 * States: closed → open.editing ⇄ open.sending → closed.
 * Invariants: the password is forgotten whenever the dialog closes or the server refused it; SUBMIT without a
 * password says so and sends nothing; a change the server made is told to the session (USER.UPDATED, after
 * the actor stored the account as it is now) before the dialog closes with its toast.
 */
import {
  type ActorRef,
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  type Snapshot,
  setup,
} from "xstate";
import type { ApiError } from "#src/api/errors.ts";
import type { StoredUser } from "#src/api/session-store.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import type { Toast } from "#src/machines/shared/toast.ts";
import {
  TELEGRAM_LINK_MESSAGES,
  type TelegramLinkChange,
  telegramLinkErrorMessage,
} from "./telegram-link.messages.ts";

export type { TelegramLinkChange };

export type TelegramLinkEvent =
  | { type: "OPEN"; change: TelegramLinkChange }
  | { type: "CLOSE" }
  | { type: "PASSWORD.CHANGE"; value: string }
  | { type: "SUBMIT" };

/** What the session is told once the server changed the account. */
export type UserUpdated = { type: "USER.UPDATED"; user: StoredUser };

export interface TelegramLinkInput {
  session: ActorRef<Snapshot<unknown>, UserUpdated>;
  /** The Mini App's signed initData (linking needs it); null outside Telegram. */
  initData: string | null;
}

interface TelegramLinkContext extends TelegramLinkInput {
  change: TelegramLinkChange;
  password: string;
  /** What the dialog says under the field: why the last attempt failed, and what to do. */
  error: string | null;
}

export interface ChangeLinkInput {
  change: TelegramLinkChange;
  initData: string;
  password: string;
}

export const telegramLinkMachine = setup({
  types: {
    context: {} as TelegramLinkContext,
    input: {} as TelegramLinkInput,
    events: {} as TelegramLinkEvent,
    emitted: {} as Toast,
  },
  actors: {
    /** Links or unlinks on the server and stores the account as it is now; rejects with an ApiError. */
    changeLink: fromPromise<StoredUser, ChangeLinkInput>(notProvided("telegram link machine", "changeLink")),
  },
  guards: {
    hasPassword: ({ context }) => context.password !== "",
    canLink: ({ context, event }) =>
      event.type === "OPEN" && (event.change === "unlink" || context.initData !== null),
  },
  actions: {
    forgetPassword: assign({ password: "", error: null }),
    askForPassword: assign({ error: TELEGRAM_LINK_MESSAGES.passwordRequired }),
    showFailure: assign(({ context }, error: ApiError) => ({
      error: telegramLinkErrorMessage(error),
      // A refused password is typed again; any other failure keeps it for the retry.
      password: error.code === "REAUTH_REQUIRED" ? "" : context.password,
    })),
    tellSession: enqueueActions(({ context, enqueue }, user: StoredUser) => {
      enqueue.sendTo(context.session, { type: "USER.UPDATED", user });
      enqueue.emit({
        type: "toast",
        tone: "success",
        title: context.change === "link" ? TELEGRAM_LINK_MESSAGES.linked : TELEGRAM_LINK_MESSAGES.unlinked,
      });
    }),
  },
}).createMachine({
  id: "telegramLink",
  context: ({ input }) => ({ ...input, change: "link", password: "", error: null }),
  initial: "closed",
  states: {
    closed: {
      on: {
        OPEN: {
          guard: "canLink",
          target: "open",
          actions: assign({
            change: ({ event }) => {
              assertEvent(event, "OPEN");
              return event.change;
            },
          }),
        },
      },
    },
    open: {
      initial: "editing",
      exit: "forgetPassword",
      on: { CLOSE: "closed" },
      states: {
        editing: {
          on: {
            "PASSWORD.CHANGE": {
              actions: assign({
                password: ({ event }) => event.value,
                error: null,
              }),
            },
            SUBMIT: [{ guard: "hasPassword", target: "sending" }, { actions: "askForPassword" }],
          },
        },
        sending: {
          tags: ["busy"],
          // The answer decides: closing now could hide a change the server has made.
          on: { CLOSE: {} },
          invoke: {
            id: "changeLink",
            src: "changeLink",
            input: ({ context }) => ({
              change: context.change,
              initData: context.initData ?? "",
              password: context.password,
            }),
            onDone: {
              target: "#telegramLink.closed",
              actions: { type: "tellSession", params: ({ event }) => event.output },
            },
            onError: {
              target: "editing",
              actions: { type: "showFailure", params: ({ event }) => apiErrorOf(event.error) },
            },
          },
        },
      },
    },
  },
});
