/** What the Link / Unlink Telegram dialog shows, derived from its machine (never stored separately). */
import type { SnapshotFrom } from "xstate";
import type { telegramLinkMachine } from "./telegram-link.machine.ts";

export function toTelegramLinkView(snapshot: SnapshotFrom<typeof telegramLinkMachine>) {
  return {
    open: snapshot.matches("open"),
    change: snapshot.context.change,
    password: snapshot.context.password,
    error: snapshot.context.error,
    busy: snapshot.hasTag("busy"),
  };
}

export type TelegramLinkView = ReturnType<typeof toTelegramLinkView>;
