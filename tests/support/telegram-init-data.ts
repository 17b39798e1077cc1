/**
 * Signs Mini App `initData` as Telegram does (docs/decisions/031), for the server suites and the e2e fake of
 * `Telegram.WebApp`. Written apart from the server's verifier on purpose: a test that signed with the code under
 * test would pass with a wrong algorithm too.
 */
import { createHmac } from "node:crypto";

export interface TelegramTestUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface InitDataParts {
  user?: TelegramTestUser | string;
  /** Seconds since the epoch. */
  authDate: number;
  startParam?: string;
  queryId?: string;
  /** Extra raw fields, signed with the rest (a key repeated here is sent twice). */
  extra?: Array<[string, string]>;
}

/** The raw query string Telegram would hand the Mini App, signed with `botToken`. */
export function signedInitData(parts: InitDataParts, botToken: string): string {
  const fields: Array<[string, string]> = [["auth_date", String(parts.authDate)]];
  if (parts.queryId !== undefined) fields.push(["query_id", parts.queryId]);
  if (parts.user !== undefined) {
    fields.push(["user", typeof parts.user === "string" ? parts.user : JSON.stringify(parts.user)]);
  }
  if (parts.startParam !== undefined) fields.push(["start_param", parts.startParam]);
  fields.push(...(parts.extra ?? []));
  const checkString = fields
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join("\n");
  const secret = createHmac("sha256", "WebAppData").update(botToken).digest();
  const hash = createHmac("sha256", secret).update(checkString).digest("hex");
  const query = new URLSearchParams(fields);
  query.append("hash", hash);
  return query.toString();
}

/** A made-up bot token of the right shape (never a real bot's). */
export const TEST_BOT_TOKEN = "1234567890:AAFakeTokenForTapRewardsTests_0123456";
