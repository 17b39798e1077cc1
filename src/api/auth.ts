/** Typed calls for the auth area; shapes come from the shared contracts (types only). */

import type * as contract from "#contracts/auth.ts";
import type { AnswerOf, BodyOf } from "#contracts/endpoint.ts";
import type { ApiClient } from "./client.ts";

export type LoginAnswer = AnswerOf<typeof contract.login>;
export type SignupAnswer = AnswerOf<typeof contract.signup>;
export type MeAnswer = AnswerOf<typeof contract.me>;
export type SessionUser = LoginAnswer["user"];
export type SessionTokens = LoginAnswer["session"];
export type TelegramLinkAnswer = AnswerOf<typeof contract.telegramLink>;

export function authApi(client: ApiClient) {
  return {
    login: (body: BodyOf<typeof contract.login>) =>
      client.post<LoginAnswer>("/auth/login", body, { auth: "none" }),
    signup: (body: BodyOf<typeof contract.signup>) =>
      client.post<SignupAnswer>("/auth/signup", body, { auth: "none" }),
    forgotPassword: (body: BodyOf<typeof contract.forgotPassword>) =>
      client.post<{ success: true }>("/auth/forgot-password", body, { auth: "none" }),
    resetPassword: (body: BodyOf<typeof contract.resetPassword>) =>
      client.post<{ success: true }>("/auth/reset-password", body, { auth: "none" }),
    verifyEmail: (body: BodyOf<typeof contract.verifyEmail>) =>
      client.post<{ success: true }>("/auth/verify-email", body, { auth: "none" }),
    refresh: (body: BodyOf<typeof contract.refresh>) =>
      client.post<LoginAnswer>("/auth/refresh", body, { auth: "none" }),
    logout: (accessToken: string) =>
      client.post<null>("/auth/logout", undefined, {
        auth: "none",
        headers: { Authorization: `Bearer ${accessToken}` },
      }),
    me: () => client.get<MeAnswer>("/auth/me"),
    /** Sign in from the Telegram Mini App with its signed initData (docs/decisions/031). */
    telegram: (body: BodyOf<typeof contract.telegramSignIn>) =>
      client.post<LoginAnswer>("/auth/telegram", body, { auth: "none" }),
    /** Link or unlink the Telegram user, with the current password (docs/decisions/033). */
    linkTelegram: (body: BodyOf<typeof contract.telegramLink>) =>
      client.post<TelegramLinkAnswer>("/auth/telegram/link", body),
    unlinkTelegram: (body: BodyOf<typeof contract.telegramUnlink>) =>
      client.delete<TelegramLinkAnswer>("/auth/telegram/link", body),
  };
}

export type AuthApi = ReturnType<typeof authApi>;
