/**
 * A local trial's mailbox: without SMTP_URL the server keeps its mail in the outbox and only logs the links, so the
 * devnet tools can show it to someone on the same machine (reset links, Telegram link notices). Once SMTP_URL sends
 * real mail, nothing is shown here.
 */
import { listOutboxMailFor } from "../../db/repos/mail-outbox.repo.ts";
import { normalizeEmail } from "../auth/email.ts";
import type { Settings, Uses } from "../deps.ts";

const SHOWN = 10;

export interface KeptMail {
  kind: string;
  subject: string;
  text: string;
  createdAt: Date;
}

export async function localMailFor(
  deps: Uses<"db"> & Settings<"smtpUrl">,
  email: string,
): Promise<KeptMail[]> {
  if (deps.config.smtpUrl !== null) return [];
  const mails = await listOutboxMailFor(deps.db, normalizeEmail(email), SHOWN);
  return mails.map((mail) => ({
    kind: mail.kind,
    subject: mail.subject,
    text: mail.text_body,
    createdAt: mail.created_at,
  }));
}
