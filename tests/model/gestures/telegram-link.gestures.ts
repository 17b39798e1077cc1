/**
 * The Link / Unlink Telegram dialog walked through the real account menu (the exported
 * tests/e2e/generated/telegram-link.spec.ts). Linking needs the page opened inside Telegram (arranged: a fake
 * `Telegram.WebApp` with signed initData); unlinking needs an account linked already (arranged through the
 * API). The walk holds the change call and answers it as each path says: the real server, the API's own
 * refusals, or no answer at all.
 */
import type { AnyMachineSnapshot } from "xstate";
import type { TelegramLinkEvent } from "#src/machines/auth/telegram-link.machine.ts";
import { TELEGRAM_LINK_MESSAGES } from "#src/machines/auth/telegram-link.messages.ts";
import { ALREADY_LINKED, telegramLink } from "../models/telegram-link.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  type Expectation,
  fill,
  type Gesture,
  hold,
  type NotAGesture,
  press,
  type Walk,
  type WalkPart,
} from "./actions.ts";

type Change = "link" | "unlink";
const TITLE = { link: "Link Telegram", unlink: "Unlink Telegram" } as const;
const CALL: Record<Change, Call> = {
  link: { method: "POST", path: "/auth/telegram/link" },
  unlink: { method: "DELETE", path: "/auth/telegram/link" },
};
/** The server's own refusal of a wrong password (server/domain/auth/reauthenticate.ts). */
const REAUTH_REQUIRED = {
  status: 403,
  code: "REAUTH_REQUIRED",
  message:
    "Enter your current password to change how you sign in. Forgot it? Log out and reset it from the login page.",
};
/**
 * The account menu's button shows the initials of "Ada Lovelace" (tests/e2e/fixtures.ts signUpAndLogIn); its
 * accessible name ends with the test's fresh email, so the walk finds it by what it shows.
 */
const ACCOUNT_MENU = { text: "AL" } as const;

type EventType = TelegramLinkEvent["type"] | "xstate.done.actor.changeLink" | "xstate.error.actor.changeLink";
type ErrorEvent = { type: "xstate.error.actor.changeLink"; error: { code: string } };

function gestures(change: Change): Record<EventType, Gesture<never> | NotAGesture> {
  const dialog = { role: "dialog", name: TITLE[change] } as const;
  return {
    OPEN: () => [click(ACCOUNT_MENU), click({ role: "menuitem", name: TITLE[change] })],
    CLOSE: () => [press("Escape")],
    "PASSWORD.CHANGE": () => [fill("Current password", { account: "password" })],
    SUBMIT: () => [click({ role: "button", name: TITLE[change] }, dialog)],
    "xstate.done.actor.changeLink": () => [answer(CALL[change], "server")],
    "xstate.error.actor.changeLink": ((event: ErrorEvent) => [
      answer(
        CALL[change],
        event.error.code === "REAUTH_REQUIRED"
          ? REAUTH_REQUIRED
          : event.error.code === ALREADY_LINKED.code
            ? ALREADY_LINKED
            : "network",
      ),
    ]) as Gesture<never>,
  };
}

/** The model's events for one change: the dialog opened only for it; a link refused as already linked. */
function walkModel(change: Change): ModelOptions<unknown> {
  const all = telegramLink.events as ModelEvent[];
  const events = all.filter(
    (event) =>
      !(event.type === "OPEN" && (event as unknown as { change: Change }).change !== change) &&
      !(change === "unlink" && (event as unknown as ErrorEvent).error?.code === ALREADY_LINKED.code),
  );
  // A typed password is not typed again (the same state): the walk stays at one test per transition a person
  // makes. (Escape while the change is sent is a transition that does nothing: no path takes it.)
  return {
    ...telegramLink,
    events: (snapshot) =>
      events.filter((event) => !(event.type === "PASSWORD.CHANGE" && snapshot.context.password !== "")),
  };
}

function atEnd(change: Change) {
  return (leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] => {
    const seen: Expectation[] = [];
    const last = events.at(-1)?.type;
    if (last === "xstate.done.actor.changeLink")
      seen.push({
        see: { text: change === "link" ? TELEGRAM_LINK_MESSAGES.linked : TELEGRAM_LINK_MESSAGES.unlinked },
      });
    if (leaf.matches("open")) seen.push({ see: { role: "dialog", name: TITLE[change] } });
    if (leaf.context.error) seen.push({ see: { text: leaf.context.error } });
    seen.push({ url: "/home" });
    return seen;
  };
}

const part = (change: Change): WalkPart => ({
  name: change === "link" ? "link Telegram inside Telegram" : "unlink a linked Telegram",
  model: walkModel(change),
  gestures: gestures(change),
  before: [hold(CALL[change])],
  start: {
    url: "/home",
    account: "signedIn",
    arrange: { file: "wallet", name: change === "link" ? "insideTelegram" : "telegramLinked" },
  },
  atEnd: atEnd(change),
});

export const telegramLinkWalk: Walk = { machine: "telegram-link", parts: [part("link"), part("unlink")] };
