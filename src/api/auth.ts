/** Typed calls for the auth area; shapes come from the shared contracts (types only). */

import type * as contract from "#contracts/auth.ts";
import type { AnswerOf, BodyOf } from "#contracts/endpoint.ts";
import { call, route } from "./call.ts";
import type { ApiClient } from "./client.ts";

export type LoginAnswer = AnswerOf<typeof contract.login>;
export type SignupAnswer = AnswerOf<typeof contract.signup>;
export type MeAnswer = AnswerOf<typeof contract.me>;
export type SessionUser = LoginAnswer["user"];
export type SessionTokens = LoginAnswer["session"];
export type TelegramLinkAnswer = AnswerOf<typeof contract.telegramLink>;

const routes = {
  login: route<typeof contract.login>("POST", "/auth/login"),
  signup: route<typeof contract.signup>("POST", "/auth/signup"),
  forgotPassword: route<typeof contract.forgotPassword>("POST", "/auth/forgot-password"),
  resetPassword: route<typeof contract.resetPassword>("POST", "/auth/reset-password"),
  verifyEmail: route<typeof contract.verifyEmail>("POST", "/auth/verify-email"),
  refresh: route<typeof contract.refresh>("POST", "/auth/refresh"),
  logout: route<typeof contract.logout>("POST", "/auth/logout"),
  me: route<typeof contract.me>("GET", "/auth/me"),
  telegram: route<typeof contract.telegramSignIn>("POST", "/auth/telegram"),
  linkTelegram: route<typeof contract.telegramLink>("POST", "/auth/telegram/link"),
  unlinkTelegram: route<typeof contract.telegramUnlink>("DELETE", "/auth/telegram/link"),
};

/** Calls made before there is a session, or that must not use the stored one. */
const none = { auth: "none" } as const;

export function authApi(client: ApiClient) {
  return {
    login: (body: BodyOf<typeof contract.login>) => call(client, routes.login, { body, ...none }),
    signup: (body: BodyOf<typeof contract.signup>) => call(client, routes.signup, { body, ...none }),
    forgotPassword: (body: BodyOf<typeof contract.forgotPassword>) =>
      call(client, routes.forgotPassword, { body, ...none }),
    resetPassword: (body: BodyOf<typeof contract.resetPassword>) =>
      call(client, routes.resetPassword, { body, ...none }),
    verifyEmail: (body: BodyOf<typeof contract.verifyEmail>) =>
      call(client, routes.verifyEmail, { body, ...none }),
    refresh: (body: BodyOf<typeof contract.refresh>) => call(client, routes.refresh, { body, ...none }),
    /** With the token being ended, not the stored one (it may already be gone from storage). */
    logout: (accessToken: string) =>
      call(client, routes.logout, { ...none, headers: { Authorization: `Bearer ${accessToken}` } }),
    me: () => call(client, routes.me),
    /** Sign in from the Telegram Mini App with its signed initData (docs/decisions/031). */
    telegram: (body: BodyOf<typeof contract.telegramSignIn>) =>
      call(client, routes.telegram, { body, ...none }),
    /** Link or unlink the Telegram user, with the current password (docs/decisions/033). */
    linkTelegram: (body: BodyOf<typeof contract.telegramLink>) => call(client, routes.linkTelegram, { body }),
    unlinkTelegram: (body: BodyOf<typeof contract.telegramUnlink>) =>
      call(client, routes.unlinkTelegram, { body }),
  };
}

export type AuthApi = ReturnType<typeof authApi>;
