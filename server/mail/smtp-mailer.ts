/**
 * SMTP mailer (SMTP_URL). Every mail is also written to the outbox, marked sent once the server accepted it,
 * so support can see what went out.
 */
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Clock } from "../clock.ts";
import { insertOutboxMail, markOutboxMailSent } from "../db/repos/mail-outbox.repo.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export interface SmtpMailerOptions {
  smtpUrl: string;
  from: string;
}

export function createSmtpMailer(
  db: Kysely<Database>,
  clock: Clock,
  options: SmtpMailerOptions,
): Mailer & {
  close(): void;
} {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message: MailMessage) {
      const id = await insertOutboxMail(db, { ...message, createdAt: clock(), sentAt: null });
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      await markOutboxMailSent(db, id, clock());
    },
    close: () => transport.close(),
  };
}
