/**
 * Telegram Mini App `initData`: checked exactly as Telegram documents it (docs/decisions/031):
 *   secret = HMAC-SHA256(key "WebAppData", bot token)
 *   hash   = hex(HMAC-SHA256(secret, every field but `hash`, sorted by key, "key=value" joined by "\n"))
 * compared in constant time, then `auth_date` must be neither older than the allowed age nor in the future
 * (beyond a minute of clock skew), and the signed `user` field must be there. Written with node:crypto rather
 * than a library so that a key given twice is refused outright (a parser keeping the first or the last copy
 * could check one value and act on another).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import * as v from "valibot";

export interface TelegramUser {
  /** Telegram's user id (at most 52 bits, Telegram says, so a safe integer). */
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
}

export interface VerifiedInitData {
  user: TelegramUser;
  authDate: Date;
  /** The `startapp` parameter of the link that opened the Mini App, when there was one. */
  startParam: string | null;
}

export type InitDataProblem = "malformed" | "bad-hash" | "stale" | "future" | "no-user";

export class InvalidInitData extends Error {
  constructor(readonly problem: InitDataProblem) {
    super(`invalid Telegram initData: ${problem}`);
    this.name = "InvalidInitData";
  }
}

/** Clock skew allowed between Telegram's servers and ours for an `auth_date` ahead of our clock. */
const FUTURE_SKEW_SECONDS = 60;

const UserField = v.object({
  id: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  first_name: v.pipe(v.string(), v.maxLength(256)),
  last_name: v.optional(v.pipe(v.string(), v.maxLength(256))),
  username: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
});

const secretFor = (botToken: string) => createHmac("sha256", "WebAppData").update(botToken).digest();

/** The hex signature Telegram would give these fields (the fields without `hash`). */
export function signInitDataFields(
  fields: ReadonlyArray<readonly [string, string]>,
  botToken: string,
): string {
  const checkString = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");
  return createHmac("sha256", secretFor(botToken)).update(checkString).digest("hex");
}

/** Verifies raw `initData` (the query string Telegram hands the Mini App). Throws InvalidInitData. */
export function verifyInitData(
  raw: string,
  options: { botToken: string; maxAgeSeconds: number; now: Date },
): VerifiedInitData {
  const pairs = [...new URLSearchParams(raw)];
  const keys = new Set(pairs.map(([key]) => key));
  if (pairs.length === 0 || keys.size !== pairs.length) throw new InvalidInitData("malformed");

  const given = pairs.find(([key]) => key === "hash")?.[1] ?? "";
  if (!/^[0-9a-f]{64}$/.test(given)) throw new InvalidInitData("malformed");
  const fields = pairs.filter(([key]) => key !== "hash");
  const expected = Buffer.from(signInitDataFields(fields, options.botToken), "hex");
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) throw new InvalidInitData("bad-hash");

  // Signed by Telegram from here on; what follows checks what it says.
  const field = (name: string) => fields.find(([key]) => key === name)?.[1];
  const authDateText = field("auth_date") ?? "";
  if (!/^\d{1,12}$/.test(authDateText)) throw new InvalidInitData("malformed");
  const ageSeconds = Math.floor(options.now.getTime() / 1000) - Number(authDateText);
  if (ageSeconds > options.maxAgeSeconds) throw new InvalidInitData("stale");
  if (ageSeconds < -FUTURE_SKEW_SECONDS) throw new InvalidInitData("future");

  const userText = field("user");
  if (userText === undefined) throw new InvalidInitData("no-user");
  let userJson: unknown;
  try {
    userJson = JSON.parse(userText);
  } catch {
    throw new InvalidInitData("malformed");
  }
  const user = v.safeParse(UserField, userJson);
  if (!user.success) throw new InvalidInitData("no-user");
  return {
    user: {
      id: user.output.id,
      firstName: user.output.first_name,
      lastName: user.output.last_name ?? null,
      username: user.output.username ?? null,
    },
    authDate: new Date(Number(authDateText) * 1000),
    startParam: field("start_param") ?? null,
  };
}
