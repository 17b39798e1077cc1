import type { FastifyInstance } from "fastify";
import * as contract from "#contracts/auth.ts";
import { verifyEmail } from "../domain/auth/email-verification.ts";
import { logIn } from "../domain/auth/login.ts";
import { requestPasswordReset, resetPassword } from "../domain/auth/password-reset.ts";
import { endSession, refreshSession } from "../domain/auth/sessions.ts";
import { signUp } from "../domain/auth/signup.ts";
import { signInWithTelegram } from "../domain/auth/telegram.ts";
import { linkTelegramAccount, unlinkTelegramAccount } from "../domain/auth/telegram-link.ts";
import { registerEndpoint } from "./register-endpoint.ts";

const SUCCESS = { success: true } as const;

export function registerAuthRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  // request.ip honours TRUST_PROXY, so behind a proxy the limits apply to the real client.
  registerEndpoint(app, contract.signup, async ({ body, request }) => ({
    ...SUCCESS,
    user: await signUp(ctx, body, { ip: request.ip }),
  }));

  registerEndpoint(app, contract.login, ({ body, request }) => logIn(ctx, body, request.ip));

  registerEndpoint(app, contract.refresh, ({ body }) => refreshSession(ctx, body.refresh_token));

  registerEndpoint(app, contract.logout, async ({ auth }) => {
    await endSession(ctx, auth);
    return null;
  });

  registerEndpoint(app, contract.forgotPassword, async ({ body, request }) => {
    await requestPasswordReset(ctx, body.email, request.ip);
    return SUCCESS;
  });

  registerEndpoint(app, contract.resetPassword, async ({ body }) => {
    await resetPassword(ctx, body.token, body.password);
    return SUCCESS;
  });

  registerEndpoint(app, contract.verifyEmail, async ({ body }) => {
    await verifyEmail(ctx, body.token);
    return SUCCESS;
  });

  registerEndpoint(app, contract.me, async ({ auth }) => ({ user: auth.user }));

  registerEndpoint(app, contract.telegramSignIn, ({ body, request }) =>
    signInWithTelegram(ctx, body.initData, request.ip),
  );

  registerEndpoint(app, contract.telegramLink, ({ auth, body }) =>
    linkTelegramAccount(ctx, auth.user.id, body),
  );

  registerEndpoint(app, contract.telegramUnlink, ({ auth, body }) =>
    unlinkTelegramAccount(ctx, auth.user.id, body),
  );
}
