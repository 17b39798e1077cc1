import { Type } from "typebox";
import { Email, Password, PersonName, PlainText, Role, Uuid } from "./common.ts";
import { ReferralCode } from "./economy.ts";
import { defineEndpoint } from "./endpoint.ts";

const strict = { additionalProperties: false } as const;

export const PublicUser = Type.Object({ id: Uuid, email: Type.String(), name: Type.String() }, strict);

/** Null for an account made by signing in from Telegram (docs/decisions/031). */
const AccountEmail = Type.Union([Type.String(), Type.Null()]);
/** Present only once the account is tied to a Telegram user. */
const TelegramLink = Type.Optional(
  Type.Object({ username: Type.Union([Type.String(), Type.Null()]) }, strict),
);

export const SessionUser = Type.Object(
  { id: Uuid, email: AccountEmail, name: Type.String(), role: Role, telegram: TelegramLink },
  strict,
);

export const Session = Type.Object(
  {
    access_token: Type.String(),
    refresh_token: Type.String(),
    /** Seconds since the epoch at which the access token stops working. */
    expires_at: Type.Integer(),
    token_type: Type.Literal("bearer"),
  },
  strict,
);

export const SessionAnswer = Type.Object({ session: Session, user: SessionUser }, strict);
const Success = Type.Object({ success: Type.Literal(true) }, strict);
const tags = ["auth"] as const;

export const signup = defineEndpoint({
  method: "POST",
  path: "/auth/signup",
  policy: "public",
  summary: "Create a user account",
  tags,
  body: Type.Object(
    {
      email: Email,
      password: Password,
      name: PersonName,
      /** From an invitation link: binds the inviter once; an unknown code is ignored (docs/api.md, Economy). */
      referralCode: Type.Optional(ReferralCode),
    },
    strict,
  ),
  response: { 201: Type.Object({ success: Type.Literal(true), user: PublicUser }, strict) },
});

export const login = defineEndpoint({
  method: "POST",
  path: "/auth/login",
  policy: "public",
  summary: "Sign in with email and password",
  tags,
  // No length rules on the password here: a wrong password of any length is just INVALID_CREDENTIALS.
  body: Type.Object(
    { email: PlainText({ maxLength: 254 }), password: PlainText({ maxLength: 1024 }) },
    strict,
  ),
  response: { 200: SessionAnswer },
});

export const refresh = defineEndpoint({
  method: "POST",
  path: "/auth/refresh",
  policy: "public",
  summary: "Trade a refresh token for a new session (the old refresh token dies)",
  tags,
  body: Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 200 }) }, strict),
  response: { 200: SessionAnswer },
});

export const logout = defineEndpoint({
  method: "POST",
  path: "/auth/logout",
  policy: "authenticated",
  summary: "Revoke the current session at once",
  tags,
  response: { 204: Type.Null() },
});

export const forgotPassword = defineEndpoint({
  method: "POST",
  path: "/auth/forgot-password",
  policy: "public",
  summary: "Email a password reset link (same answer whether or not the email exists)",
  tags,
  body: Type.Object({ email: PlainText({ maxLength: 254 }) }, strict),
  response: { 200: Success },
});

export const resetPassword = defineEndpoint({
  method: "POST",
  path: "/auth/reset-password",
  policy: "public",
  summary: "Set a new password with a single-use reset token",
  tags,
  body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password }, strict),
  response: { 200: Success },
});

/** Only used when the server requires email verification (REQUIRE_EMAIL_VERIFICATION=true). */
export const verifyEmail = defineEndpoint({
  method: "POST",
  path: "/auth/verify-email",
  policy: "public",
  summary: "Confirm an email address with the single-use token from the verification mail",
  tags,
  body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, strict),
  response: { 200: Success },
});

export const me = defineEndpoint({
  method: "GET",
  path: "/auth/me",
  policy: "authenticated",
  summary: "The signed-in account",
  tags,
  response: {
    200: Type.Object(
      {
        user: Type.Object(
          {
            id: Uuid,
            email: AccountEmail,
            name: Type.String(),
            role: Role,
            trc20_address: Type.Union([Type.String(), Type.Null()]),
            telegram: TelegramLink,
          },
          strict,
        ),
      },
      strict,
    ),
  },
});

/** The raw `Telegram.WebApp.initData` query string; Telegram's own are well under 4 KB. */
const InitData = Type.String({ minLength: 1, maxLength: 8192 });
/**
 * The account's current password, asked again before the ways into the account change (docs/decisions/033).
 * Optional in the schema because an account made from Telegram has none; one that has a password gets 403
 * REAUTH_REQUIRED without it. No length rules beyond a cap: a wrong password of any length is just wrong.
 */
const CurrentPassword = Type.Optional(PlainText({ maxLength: 1024 }));

export const telegramSignIn = defineEndpoint({
  method: "POST",
  path: "/auth/telegram",
  policy: "public",
  summary:
    "Sign in from the Telegram Mini App with its signed initData (the first time creates the account); " +
    "404 TELEGRAM_DISABLED without a bot token; 429 after 30 sign-ins of one Telegram user in an hour",
  tags,
  body: Type.Object({ initData: InitData }, strict),
  response: { 200: SessionAnswer },
});

const LinkAnswer = Type.Object({ user: SessionUser }, strict);

export const telegramLink = defineEndpoint({
  method: "POST",
  path: "/auth/telegram/link",
  policy: "authenticated",
  summary:
    "Tie the signed-in account to the Telegram user of this initData, with the current password; mails the " +
    "owner. 403 REAUTH_REQUIRED, 409 TELEGRAM_TAKEN (another account has it), 409 TELEGRAM_ALREADY_LINKED",
  tags,
  body: Type.Object({ initData: InitData, password: CurrentPassword }, strict),
  response: { 200: LinkAnswer },
});

export const telegramUnlink = defineEndpoint({
  method: "DELETE",
  path: "/auth/telegram/link",
  policy: "authenticated",
  summary:
    "Stop Telegram signing into the signed-in account and end the sessions it started, with the current " +
    "password; mails the owner. 403 REAUTH_REQUIRED, 409 TELEGRAM_ONLY_ACCOUNT",
  tags,
  body: Type.Object({ password: CurrentPassword }, strict),
  response: { 200: LinkAnswer },
});

export const authEndpoints = [
  signup,
  login,
  refresh,
  logout,
  forgotPassword,
  resetPassword,
  verifyEmail,
  me,
  telegramSignIn,
  telegramLink,
  telegramUnlink,
] as const;
