/**
 * The Link / Unlink Telegram dialog (tests/model/telegram-link.paths.test.ts): open for either change, type the
 * password, send, and each way it can end (done, the password refused, another failure, no connection).
 */
import { createActor, createMachine } from "xstate";
import { telegramLinkMachine } from "#src/machines/auth/telegram-link.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";
import { NETWORK } from "./doubles.ts";

/** The session as the dialog sees it: it records what it is told (USER.UPDATED). */
export const telegramLinkSession = (() => {
  const received: Array<{ type: string; [key: string]: unknown }> = [];
  const app = createActor(
    createMachine({ on: { "*": { actions: ({ event }) => received.push(event) } } }),
  ).start();
  return { app, received };
})();
export const LINKED_USER = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  role: "user" as const,
  telegram: { username: "ada" },
};
export const REAUTH = { code: "REAUTH_REQUIRED", message: "Enter your current password.", status: 403 };
export const ALREADY_LINKED = {
  code: "TELEGRAM_ALREADY_LINKED",
  message: "Another Telegram account is linked to this account. Unlink it first, then link this one.",
  status: 409,
};

export const telegramLink: ModelOptions<unknown> = {
  input: { session: telegramLinkSession.app, initData: "signed-init-data" },
  fakeActors: ["changeLink"],
  events: [
    { type: "OPEN", change: "link" },
    { type: "OPEN", change: "unlink" },
    { type: "CLOSE" },
    { type: "PASSWORD.CHANGE", value: "correct horse" },
    { type: "SUBMIT" },
    { type: "xstate.done.actor.changeLink", output: LINKED_USER },
    { type: "xstate.error.actor.changeLink", error: REAUTH },
    { type: "xstate.error.actor.changeLink", error: ALREADY_LINKED },
    { type: "xstate.error.actor.changeLink", error: NETWORK },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.change,
      snapshot.context.password,
      snapshot.context.error,
    ]),
};

export const telegramLinkModel = registerModel({
  name: "telegram-link",
  file: "src/machines/auth/telegram-link.machine.ts",
  machine: telegramLinkMachine,
  suites: [{ name: "link and unlink", options: telegramLink, paths: "shortest" }],
});
