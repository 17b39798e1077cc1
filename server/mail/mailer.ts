/** The mail port: domain code says what to send, an adapter decides how (outbox table or SMTP). */
export interface MailMessage {
  /** What the mail is for (password_reset, email_verification); kept in the outbox for support and tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about; the outbox mailer logs it so local users can follow it. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
