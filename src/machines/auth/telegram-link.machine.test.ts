import { describe, expect, it } from "vitest";
import { createActor, createMachine, fromPromise } from "xstate";
import type { StoredUser } from "#src/api/session-store.ts";
import { type ChangeLinkInput, telegramLinkMachine } from "./telegram-link.machine.ts";
import { TELEGRAM_LINK_MESSAGES } from "./telegram-link.messages.ts";

const USER: StoredUser = { id: "u1", email: "ada@example.com", name: "Ada", role: "user" };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(answer: (input: ChangeLinkInput) => Promise<StoredUser>, initData: string | null = "signed") {
  const told: unknown[] = [];
  const session = createActor(
    createMachine({ on: { "*": { actions: ({ event }) => told.push(event) } } }),
  ).start();
  const sent: ChangeLinkInput[] = [];
  const machine = telegramLinkMachine.provide({
    actors: {
      changeLink: fromPromise<StoredUser, ChangeLinkInput>(({ input }) => {
        sent.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { session, initData } });
  const toasts: unknown[] = [];
  actor.on("toast", (event) => toasts.push(event));
  actor.start();
  return { actor, told, sent, toasts };
}

describe("telegram link dialog", () => {
  it("links with the password, tells the session, toasts and forgets the password", async () => {
    const linked = { ...USER, telegram: { username: "ada" } };
    const { actor, told, sent, toasts } = start(async () => linked);
    actor.send({ type: "OPEN", change: "link" });
    actor.send({ type: "PASSWORD.CHANGE", value: "correct horse" });
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    // Closing while the server decides is not allowed: the answer could be a change already made.
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().matches({ open: "sending" })).toBe(true);
    await flush();
    expect(sent).toEqual([{ change: "link", initData: "signed", password: "correct horse" }]);
    expect(told).toContainEqual({ type: "USER.UPDATED", user: linked });
    expect(toasts).toEqual([{ type: "toast", tone: "success", title: TELEGRAM_LINK_MESSAGES.linked }]);
    expect(actor.getSnapshot().matches("closed")).toBe(true);
    expect(actor.getSnapshot().context.password).toBe("");
  });

  it("asks for the password instead of sending an empty one", () => {
    const { actor, sent } = start(async () => USER);
    actor.send({ type: "OPEN", change: "unlink" });
    actor.send({ type: "SUBMIT" });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.error).toBe(TELEGRAM_LINK_MESSAGES.passwordRequired);
    actor.send({ type: "PASSWORD.CHANGE", value: "x" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("says the password was wrong and clears it; keeps it after another failure, with the server's words", async () => {
    let failure: unknown = { code: "REAUTH_REQUIRED", message: "Enter your current password.", status: 403 };
    const { actor, told, toasts } = start(async () => {
      throw failure;
    });
    actor.send({ type: "OPEN", change: "unlink" });
    actor.send({ type: "PASSWORD.CHANGE", value: "wrong" });
    actor.send({ type: "SUBMIT" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      password: "",
      error: TELEGRAM_LINK_MESSAGES.wrongPassword,
    });

    failure = {
      code: "TELEGRAM_TAKEN",
      message: "This Telegram account already belongs to another.",
      status: 409,
    };
    actor.send({ type: "PASSWORD.CHANGE", value: "right" });
    actor.send({ type: "SUBMIT" });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      password: "right",
      error: "This Telegram account already belongs to another.",
    });
    failure = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
    actor.send({ type: "SUBMIT" });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(TELEGRAM_LINK_MESSAGES.network);
    expect(told).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it("offers linking only inside Telegram, where there is initData to link", () => {
    const { actor } = start(async () => USER, null);
    actor.send({ type: "OPEN", change: "link" });
    expect(actor.getSnapshot().matches("closed")).toBe(true);
    actor.send({ type: "OPEN", change: "unlink" });
    expect(actor.getSnapshot().matches("open")).toBe(true);
  });

  it("forgets the password and the message when closed", () => {
    const { actor } = start(async () => USER);
    actor.send({ type: "OPEN", change: "unlink" });
    actor.send({ type: "PASSWORD.CHANGE", value: "secret" });
    actor.send({ type: "CLOSE" });
    actor.send({ type: "OPEN", change: "unlink" });
    expect(actor.getSnapshot().context).toMatchObject({ password: "", error: null });
  });
});
