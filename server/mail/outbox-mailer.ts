/**
 * Local-mode mailer: keeps every mail in the mail_outbox table and logs the link, so a person running the
 * product without SMTP can still reset a password.
 */
import type { Kysely } from "kysely";
import type { Clock } from "../clock.ts";
import { insertOutboxMail } from "../db/repos/mail-outbox.repo.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export interface MailLogger {
  info(object: unknown, message: string): void;
}

export function createOutboxMailer(db: Kysely<Database>, clock: Clock, log: MailLogger): Mailer {
  return {
    async send(message: MailMessage) {
      await insertOutboxMail(db, { ...message, createdAt: clock(), sentAt: null });
      log.info(
        { mail: { kind: message.kind, to: message.to, link: message.link } },
        `mail "${message.subject}" to ${message.to} kept in the outbox${message.link ? `: ${message.link}` : ""}`,
      );
    },
  };
}
