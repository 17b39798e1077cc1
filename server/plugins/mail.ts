/**
 * The mailer: the one the caller gives (tests), SMTP when SMTP_URL is set (its connections closed with the
 * app), else the outbox table. Wrapped with fastify-plugin so `app.mailer` decorates the root for the app
 * context.
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createOutboxMailer } from "../mail/outbox-mailer.ts";
import { createSmtpMailer } from "../mail/smtp-mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailOptions {
  config: Config;
  clock: Clock;
  given?: Mailer;
}

const mail: FastifyPluginAsync<MailOptions> = async (app, { config, clock, given }) => {
  const { db } = app.database;
  if (given) {
    app.decorate("mailer", given);
  } else if (config.smtpUrl) {
    const smtp = createSmtpMailer(db, clock, { smtpUrl: config.smtpUrl, from: config.mailFrom });
    app.addHook("onClose", async () => smtp.close());
    app.decorate("mailer", smtp);
  } else {
    app.decorate("mailer", createOutboxMailer(db, clock, app.log));
  }
};

export const mailPlugin = fp(mail, { name: "mail", fastify: "5.x", dependencies: ["database"] });
