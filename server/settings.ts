/**
 * Every setting the server reads from the environment, declared once: its variable, its default (once: the
 * text a user could set, parsed as theirs is and shown as it is in README), what it means, and how its text is
 * parsed. `loadConfig` (config.ts) and README's configuration table are both produced from this list, so a
 * setting cannot be read without being documented, or the other way round.
 */
import { isIP } from "node:net";
import { validateMnemonic } from "@scure/bip39";
import { wordlist as english } from "@scure/bip39/wordlists/english.js";
import type { SignalId } from "#contracts/fair-play-rules.ts";
import { MICRO_PER_UNIT, microFromDecimalText } from "#contracts/micro.ts";
import { isTronAddress } from "#contracts/tron-address.ts";
import { DEFAULT_ADMIN_EMAIL } from "./domain/auth/bootstrap-admin.ts";
import { assertPasswordAllowed } from "./domain/auth/password-rules.ts";
import { DEFAULT_REVIEW_SCORE, DEFAULT_SIGNAL_WEIGHTS } from "./domain/fair-play/score.ts";

export type Chain = "local" | "tron";
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/** Thrown by a parser: the rule the value breaks ("an integer 1-65535"). */
export class SettingRuleBroken extends Error {
  constructor(
    readonly rule: string,
    /** The whole problem, when "NAME must be RULE, got VALUE" would echo a secret or say it badly. */
    readonly problem?: string,
  ) {
    super(rule);
  }
}

/** What a parser may look at besides its own text: settings declared before it, already parsed. */
export type Earlier = Readonly<Record<string, unknown>>;

export interface Setting<T> {
  readonly env: string;
  /** The default as README shows it. */
  readonly shownDefault: string;
  readonly doc: string;
  /** `raw` is undefined when the variable is unset or blank. */
  readonly parse: (raw: string | undefined, earlier: Earlier) => T;
  /** Read exactly as given (not trimmed): passwords. */
  readonly untrimmed?: boolean;
}

interface Described {
  readonly env: string;
  readonly doc: string;
  readonly untrimmed?: boolean;
}

/** A default a user could have set: unset reads as this text, and README shows it as it is. */
interface WithDefault<T> extends Described {
  readonly default: string;
  readonly unsetShownAs?: never;
  readonly parse: (raw: string, earlier: Earlier) => T;
}

/** No such text (nothing, a generated value, one made of earlier settings): `parse` sees undefined and decides. */
interface WithoutDefault<T> extends Described {
  /** What README's default column says instead: "(unset)", "(generated)". */
  readonly unsetShownAs: string;
  readonly default?: never;
  readonly parse: (raw: string | undefined, earlier: Earlier) => T;
}

const code = (text: string) => `\`${text}\``;

function setting<T>(declaration: WithDefault<T> | WithoutDefault<T>): Setting<T> {
  if (declaration.unsetShownAs !== undefined) {
    const { unsetShownAs, ...described } = declaration;
    return { ...described, shownDefault: unsetShownAs };
  }
  const { default: fallback, parse, ...described } = declaration;
  return {
    ...described,
    shownDefault: code(fallback),
    parse: (raw, earlier) => parse(raw ?? fallback, earlier),
  };
}

/** Draining and closing together stay under the 10 s a process is given to stop (server/server.ts). */
export const MAX_DRAIN_SECONDS = 5;
const METRICS_TOKEN_PATTERN = /^[A-Za-z0-9._~-]{16,200}$/;
const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
// Deliberately loose: the point is to catch typos at start, not to be RFC 5322.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAINNET_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** PUBLIC_URL when unset, `PORT` replaced by the port the server listens on. */
const LOCAL_URL = "http://localhost:PORT";
/** CHAIN_POLL_SECONDS when unset, by chain. */
const CHAIN_POLL_SECONDS: Readonly<Record<Chain, string>> = { local: "3", tron: "20" };

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
}

const text = (raw: string) => raw;

/** Unset reads as null; given text is parsed by `parse`. */
function optional<T>(parse: (raw: string) => T) {
  return (raw: string | undefined): T | null => (raw === undefined ? null : parse(raw));
}

function url(protocols: string[], rule: string) {
  return (raw: string) => {
    if (!isUrlWithProtocol(raw, protocols)) throw new SettingRuleBroken(rule);
    return raw;
  };
}

function integer(min: number, max: number) {
  return (raw: string) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      throw new SettingRuleBroken(`an integer ${min}-${max}`);
    }
    return value;
  };
}

/** A non-negative decimal with at most 6 decimals and at most a billion, as money amounts are. */
function amount(raw: string): number {
  const micro = /^\d+(\.\d+)?$/.test(raw) ? microFromDecimalText(raw) : null;
  if (micro === null || micro > 1_000_000_000 * MICRO_PER_UNIT) {
    throw new SettingRuleBroken("a number from 0 to 1000000000 with at most 6 decimals");
  }
  return micro / MICRO_PER_UNIT;
}

function boolean(raw: string): boolean {
  const lower = raw.toLowerCase();
  if (lower === "true" || lower === "1") return true;
  if (lower === "false" || lower === "0") return false;
  throw new SettingRuleBroken("true or false");
}

function oneOf<T extends string>(values: readonly T[], rule: string) {
  return (raw: string): T => {
    if (!values.includes(raw as T)) throw new SettingRuleBroken(rule);
    return raw as T;
  };
}

/** `10.0.0.5` or `10.0.0.0/8`, `::1` or `fd00::/8`: what proxy-addr accepts as a trusted proxy. */
function isProxyAddress(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function trustProxy(raw: string): boolean | number | string {
  const lower = raw.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  // Checked here so that a typo is a setting's message at start, not proxy-addr's error from inside Fastify.
  if (raw.split(",").every((entry) => isProxyAddress(entry.trim()))) return raw;
  throw new SettingRuleBroken("true, false, a hop count or comma-separated proxy IPs/CIDRs");
}

/**
 * Whole points each achievement pays when it unlocks (docs/decisions/019 says why these defaults). The goals
 * are not settings: the ids name them (`taps-1k` is 1 000 taps).
 */
export const ACHIEVEMENT_REWARD_DEFAULTS = {
  "first-tap": 0,
  "taps-1k": 1,
  "taps-10k": 5,
  "taps-100k": 25,
  "first-multiplier": 5,
  "streak-7": 5,
  "first-deposit": 5,
  "first-withdrawal": 1,
  "first-referral": 5,
} as const;

export type AchievementId = keyof typeof ACHIEVEMENT_REWARD_DEFAULTS;

const achievementRewardKey = <Id extends AchievementId>(id: Id) => `achievementReward:${id}` as const;

function achievementRewardSettings() {
  const entries = Object.entries(ACHIEVEMENT_REWARD_DEFAULTS).map(([id, points]) => [
    achievementRewardKey(id as AchievementId),
    setting({
      env: `ACHIEVEMENT_${id.toUpperCase().replaceAll("-", "_")}_POINTS`,
      default: String(points),
      doc: `whole points achievement \`${id}\` pays once, when it unlocks`,
      parse: integer(0, 1_000_000),
    }),
  ]);
  return Object.fromEntries(entries) as {
    [Id in AchievementId as ReturnType<typeof achievementRewardKey<Id>>]: Setting<number>;
  };
}

/** Each fair-play signal's weight towards an account's score: tuned with the simulator (docs/fair-play.md). */
export const SIGNAL_WEIGHT_DEFAULTS = DEFAULT_SIGNAL_WEIGHTS;

const signalWeightKey = <Id extends SignalId>(id: Id) => `signalWeight:${id}` as const;

function signalWeightSettings() {
  const entries = Object.entries(SIGNAL_WEIGHT_DEFAULTS).map(([id, weight]) => [
    signalWeightKey(id as SignalId),
    setting({
      env: `RISK_WEIGHT_${id.toUpperCase().replaceAll("-", "_")}`,
      default: String(weight),
      doc: `how much signal \`${id}\` adds to an account's score while it stands (\`0\`: it is recorded but counts nothing)`,
      parse: integer(0, 1_000),
    }),
  ]);
  return Object.fromEntries(entries) as {
    [Id in SignalId as ReturnType<typeof signalWeightKey<Id>>]: Setting<number>;
  };
}

export const SETTINGS = {
  port: setting({
    env: "PORT",
    default: "3000",
    doc: "HTTP port of the server (SPA and `/api`)",
    parse: integer(1, 65535),
  }),
  host: setting({
    env: "HOST",
    default: "0.0.0.0",
    doc: "interface to listen on",
    parse: text,
  }),
  databaseUrl: setting({
    env: "DATABASE_URL",
    unsetShownAs: "(unset)",
    doc: "PostgreSQL URL (`postgres://user@host:5432/db`); unset: embedded PGlite in `DATA_DIR/pglite`",
    parse: optional(url(["postgres:", "postgresql:"], "a postgres:// or postgresql:// URL")),
  }),
  dataDir: setting({
    env: "DATA_DIR",
    default: "./data",
    doc: "folder for the embedded database and local state (one server process per folder)",
    parse: text,
  }),
  adminEmail: setting({
    env: "ADMIN_EMAIL",
    // Unset is null, and the admin bootstrap picks this address itself.
    unsetShownAs: code(DEFAULT_ADMIN_EMAIL),
    doc: "email of the first admin, created at start when no admin exists",
    parse: (raw) => {
      const email = raw?.toLowerCase() ?? null;
      if (email !== null && (!EMAIL_PATTERN.test(email) || email.length > 254)) {
        throw new SettingRuleBroken("an email address");
      }
      return email;
    },
  }),
  adminPassword: setting({
    env: "ADMIN_PASSWORD",
    unsetShownAs: "(generated)",
    doc: "that admin's password (8–128 characters); unset: generated and printed once",
    untrimmed: true,
    parse: (raw, earlier) => {
      if (raw !== undefined && (raw.length < 8 || raw.length > 128)) {
        throw new SettingRuleBroken(
          "8-128 characters long",
          `ADMIN_PASSWORD must be 8-128 characters long, got ${raw.length} characters`,
        );
      }
      if (raw !== undefined) {
        try {
          assertPasswordAllowed(raw, String(earlier.adminEmail ?? DEFAULT_ADMIN_EMAIL));
        } catch (err) {
          throw new SettingRuleBroken("strong", `ADMIN_PASSWORD is refused: ${(err as Error).message}`);
        }
      }
      return raw ?? null;
    },
  }),
  publicUrl: setting({
    env: "PUBLIC_URL",
    unsetShownAs: code(LOCAL_URL),
    doc: "address users open; used for links in emails",
    parse: (raw, earlier) =>
      (raw === undefined
        ? LOCAL_URL.replace("PORT", String(earlier.port))
        : url(["http:", "https:"], "an http:// or https:// URL")(raw)
      ).replace(/\/+$/, ""),
  }),
  smtpUrl: setting({
    env: "SMTP_URL",
    unsetShownAs: "(unset)",
    doc: "`smtp(s)://user:pass@host:port` to send real email; unset: outbox table plus a log line with the link",
    parse: optional(url(["smtp:", "smtps:"], "an smtp:// or smtps:// URL")),
  }),
  mailFrom: setting({
    env: "MAIL_FROM",
    default: "TapRewards <no-reply@taprewards.local>",
    doc: "sender of emails",
    parse: text,
  }),
  corsOrigins: setting({
    env: "CORS_ORIGIN",
    unsetShownAs: "(unset)",
    doc: "comma-separated origins allowed to call `/api` from another site; unset: CORS closed",
    parse: (raw) => {
      const origins = raw === undefined ? [] : raw.split(",").map((origin) => origin.trim());
      if (!origins.every(isOrigin)) {
        throw new SettingRuleBroken("a comma-separated list of origins like https://app.example.com");
      }
      return [...new Set(origins)];
    },
  }),
  trustProxy: setting({
    env: "TRUST_PROXY",
    default: "false",
    doc:
      "set it behind a reverse proxy, or every visitor shares the proxy's address (and the local devnet routes " +
      "switch off): `true` for exactly one proxy in front, a number for that many, or the proxies' IPs/CIDRs, " +
      "comma-separated (safest: a caller reaching the server past them is not believed). The client's address " +
      "is the right-most `X-Forwarded-For` hop they did not add; one that is not an IP address is never used, " +
      "the socket's address counts instead",
    parse: trustProxy,
  }),
  drainSeconds: setting({
    env: "SHUTDOWN_DRAIN_SECONDS",
    default: "0",
    doc:
      "on SIGTERM, seconds during which `/api/ready` answers 503 while requests are still served, so a load " +
      "balancer stops sending new ones before the server closes (`npm run cluster` sets 2); at most 5, so " +
      "draining and closing stay under 10 s in all (docs/decisions/030)",
    parse: integer(0, MAX_DRAIN_SECONDS),
  }),
  metricsToken: setting({
    env: "METRICS_TOKEN",
    unsetShownAs: "(unset)",
    doc:
      "bearer token Prometheus sends to `GET /api/metrics` (at least 16 characters: letters, digits, `-`, " +
      "`_`, `.`, `~`); unset: the route answers 404 (docs/ops/runbook.md)",
    parse: (raw) => {
      // Never echo the value back: it is a secret.
      if (raw !== undefined && !METRICS_TOKEN_PATTERN.test(raw)) {
        throw new SettingRuleBroken(
          "a token",
          "METRICS_TOKEN must be 16-200 characters of letters, digits, -, _, . or ~",
        );
      }
      return raw ?? null;
    },
  }),
  reconcileIntervalMs: setting({
    env: "RECONCILE_MINUTES",
    default: "60",
    doc:
      "how often one instance reconciles the ledger with itself and with the chain (`npm run reconcile` does " +
      "the same by hand); the result is on `/api/metrics`; `0` turns the hourly run off",
    parse: (raw) => integer(0, 1_440)(raw) * 60_000,
  }),
  logLevel: setting({
    env: "LOG_LEVEL",
    default: "info",
    doc: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`",
    parse: oneOf(LOG_LEVELS, `one of ${LOG_LEVELS.join(", ")}`),
  }),
  production: setting({
    env: "NODE_ENV",
    unsetShownAs: "(unset)",
    doc: "`production` switches off everything meant for local trials (the devnet routes) whatever `CHAIN` says",
    parse: (raw) => raw === "production",
  }),
  requireEmailVerification: setting({
    env: "REQUIRE_EMAIL_VERIFICATION",
    default: "false",
    doc: "`true`: new accounts confirm their email before they can sign in",
    parse: boolean,
  }),
  signupLimitPerIpHour: setting({
    env: "SIGNUP_LIMIT_PER_IP_HOUR",
    default: "20",
    doc:
      "sign-ups allowed per IP address (IPv6: per /64) per hour, then 429 with `Retry-After`; `0` turns the " +
      "limit off (load tests, test suites)",
    parse: integer(0, 1_000_000),
  }),
  streamTicketsPerUserMinute: setting({
    env: "STREAM_TICKETS_PER_USER_MINUTE",
    default: "30",
    doc:
      "live-stream tickets one user may take per minute, counted across instances (a browser takes one per " +
      "reconnect, backing off), then 429 with `Retry-After`; a test suite that signs one admin in many times " +
      "a minute raises it",
    parse: integer(1, 1_000_000),
  }),
  telegramBotToken: setting({
    env: "TELEGRAM_BOT_TOKEN",
    unsetShownAs: "(unset)",
    doc:
      "the bot token BotFather gave (`123456:ABC…`): turns on sign-in from the Telegram Mini App " +
      "(`POST /auth/telegram`); unset: those routes answer 404 `TELEGRAM_DISABLED`. A secret: never logged",
    parse: (raw) => {
      // Never echo the token back: the problem names the rule only.
      if (raw !== undefined && !/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/.test(raw)) {
        throw new SettingRuleBroken(
          "valid",
          "TELEGRAM_BOT_TOKEN must look like 123456:ABC… as BotFather gives it",
        );
      }
      return raw ?? null;
    },
  }),
  telegramAuthMaxAgeSeconds: setting({
    env: "TELEGRAM_AUTH_MAX_AGE_SECONDS",
    default: "3600",
    doc: "how old (by its `auth_date`) a Mini App's signed `initData` may be and still sign in",
    parse: integer(60, 86_400),
  }),
  chain: setting({
    env: "CHAIN",
    default: "local",
    doc:
      "`local` (built-in devnet in the database) or `tron` (TronGrid): where deposit addresses receive and " +
      "USDT withdrawals are sent",
    parse: oneOf<Chain>(["local", "tron"], "local or tron"),
  }),
  pointsPerUsdt: setting({
    env: "POINTS_PER_USDT",
    default: "1",
    doc:
      "points that make 1 USDT when a user withdraws rewards into the wallet (paid by the treasury). Set it " +
      "knowingly: at `1`, an account tapping at the server's cap (20 taps/s at the default 0.001 a tap) earns " +
      "72 USDT an hour (docs/decisions/015)",
    parse: (raw) => {
      const value = amount(raw);
      if (value === 0) throw new SettingRuleBroken("greater than 0");
      return value;
    },
  }),
  demoTreasuryUsdt: setting({
    env: "DEMO_TREASURY_USDT",
    default: "100000",
    doc: "USDT put into the treasury (and the devnet hot wallet) once, on first start, when `CHAIN=local` (`0`: none)",
    parse: amount,
  }),
  walletMnemonic: setting({
    env: "WALLET_MNEMONIC",
    unsetShownAs: "(generated)",
    doc:
      "BIP-39 words of the HD wallet (deposit addresses, hot wallet at index 0); unset: generated into " +
      "`DATA_DIR/wallet-mnemonic.txt` (mode 0600) when `CHAIN=local`, required when `CHAIN=tron`. Back it up: " +
      "it owns the funds",
    parse: (raw, earlier) => {
      const words = raw?.split(/\s+/).join(" ") ?? null;
      // Never echo the words back: the problem names the rule only.
      if (words !== null && !validateMnemonic(words, english)) {
        throw new SettingRuleBroken(
          "valid",
          "WALLET_MNEMONIC must be 12-24 English BIP-39 words with a valid checksum",
        );
      }
      if (words === null && earlier.chain === "tron") {
        throw new SettingRuleBroken(
          "set",
          "WALLET_MNEMONIC is required when CHAIN=tron (the seed that owns real funds)",
        );
      }
      return words;
    },
  }),
  tronApiUrl: setting({
    env: "TRON_API_URL",
    default: "https://api.trongrid.io",
    doc: "TronGrid API (`CHAIN=tron`); `https://nile.trongrid.io` for the Nile testnet",
    parse: (raw) => {
      const value = raw.replace(/\/+$/, "");
      if (!isUrlWithProtocol(value, ["http:", "https:"]))
        throw new SettingRuleBroken("an http:// or https:// URL");
      return value;
    },
  }),
  tronApiKey: setting({
    env: "TRON_API_KEY",
    unsetShownAs: "(unset)",
    doc: "TronGrid API key, sent as `TRON-PRO-API-KEY`",
    parse: optional(text),
  }),
  tronUsdtContract: setting({
    env: "TRON_USDT_CONTRACT",
    default: MAINNET_USDT,
    doc: "USDT TRC20 contract (mainnet's by default; on Nile, the test token you use)",
    parse: (raw) => {
      if (!isTronAddress(raw)) throw new SettingRuleBroken("a TRON address (base58check, T…)");
      return raw;
    },
  }),
  tronExplorer: setting({
    env: "TRON_EXPLORER_URL",
    default: "https://tronscan.org/#/transaction/",
    doc: "explorer page of a transaction, id appended (Nile: `https://nile.tronscan.org/#/transaction/`)",
    parse: url(["http:", "https:"], "an http(s) URL"),
  }),
  tronFeeLimitTrx: setting({
    env: "TRON_FEE_LIMIT_TRX",
    default: "100",
    doc: "most TRX one withdrawal may burn for energy; the hot wallet must hold TRX",
    parse: amount,
  }),
  chainPollIntervalMs: setting({
    env: "CHAIN_POLL_SECONDS",
    unsetShownAs: `${code(CHAIN_POLL_SECONDS.local)} local, ${code(CHAIN_POLL_SECONDS.tron)} tron`,
    doc: "how often deposits are scanned and withdrawals followed",
    parse: (raw, earlier) => {
      const given = raw ?? CHAIN_POLL_SECONDS[earlier.chain === "tron" ? "tron" : "local"];
      const seconds = Number(given);
      if (!/^\d+(\.\d+)?$/.test(given) || seconds < 0.1 || seconds > 3600) {
        throw new SettingRuleBroken("a number of seconds from 0.1 to 3600");
      }
      return Math.round(seconds * 1000);
    },
  }),
  streakPointsPerDay: setting({
    env: "STREAK_POINTS_PER_DAY",
    default: "1",
    doc: "whole points a daily streak claim pays per day of the streak: day n pays min(n, `STREAK_REWARD_CAP_DAYS`) × this",
    parse: integer(0, 1_000),
  }),
  streakRewardCapDays: setting({
    env: "STREAK_REWARD_CAP_DAYS",
    default: "7",
    doc: "the streak day from which a claim pays no more (day 7 pays as much as day 70)",
    parse: integer(1, 365),
  }),
  streakFreezeEveryDays: setting({
    env: "STREAK_FREEZE_EVERY_DAYS",
    default: "7",
    doc: "every this many consecutive claimed days earn a streak freeze, which a missed day uses up (docs/decisions/019)",
    parse: integer(1, 365),
  }),
  streakMaxFreezes: setting({
    env: "STREAK_MAX_FREEZES",
    default: "2",
    doc: "most streak freezes a player holds; one earned beyond it is lost (`0`: no freezes)",
    parse: integer(0, 30),
  }),
  boosterTurbo2xMinutes: setting({
    env: "BOOSTER_TURBO_2X_MINUTES",
    default: "10",
    doc: "how long booster `turbo-2x` (taps earn ×2) lasts",
    parse: integer(1, 1_440),
  }),
  boosterTurbo2xPricePoints: setting({
    env: "BOOSTER_TURBO_2X_PRICE_POINTS",
    default: "100",
    doc: "whole points booster `turbo-2x` costs",
    parse: integer(1, 1_000_000),
  }),
  boosterTurbo3xMinutes: setting({
    env: "BOOSTER_TURBO_3X_MINUTES",
    default: "5",
    doc: "how long booster `turbo-3x` (taps earn ×3) lasts",
    parse: integer(1, 1_440),
  }),
  boosterTurbo3xPricePoints: setting({
    env: "BOOSTER_TURBO_3X_PRICE_POINTS",
    default: "100",
    doc: "whole points booster `turbo-3x` costs",
    parse: integer(1, 1_000_000),
  }),
  boosterGraceSeconds: setting({
    env: "BOOSTER_GRACE_SECONDS",
    default: "30",
    doc:
      "a tap batch arriving at most this long after a booster ended is still boosted (the browser sends taps " +
      "at the latest 30 s after the first unsent one)",
    parse: integer(0, 600),
  }),
  referralSharePercent: setting({
    env: "REFERRAL_SHARE_PERCENT",
    default: "10",
    doc:
      "percent of every tap point credited to a friend that is minted on top for whoever invited them, rounded " +
      "down to the micro-point (`0`: no shares)",
    parse: integer(0, 100),
  }),
  referralDailyCapPoints: setting({
    env: "REFERRAL_DAILY_CAP_POINTS",
    default: "1000",
    doc: "whole points one referrer may receive from all friends' taps in a UTC day; the share that reaches it is cut",
    parse: integer(0, 1_000_000_000),
  }),
  comboBonusPercent: setting({
    env: "COMBO_BONUS_PERCENT",
    default: "10",
    doc:
      "percent of the points of every complete 50 taps of a combo chain (taps 40 to 999 ms apart) minted on top " +
      "in the same sync, rounded down to the micro-point (`0`: no combos)",
    parse: integer(0, 100),
  }),
  autoClaim: setting({
    env: "AUTO_CLAIM",
    default: "true",
    doc: "`true`: the first tap sync of a UTC day claims the day's streak reward when it is not claimed yet",
    parse: boolean,
  }),
  boosterSweepSeconds: setting({
    env: "BOOSTER_SWEEP_SECONDS",
    default: "2",
    doc: "how often one instance looks for boosters that ended and tells their owners' screens",
    parse: integer(1, 60),
  }),
  leaderboardMarksSeconds: setting({
    env: "LEADERBOARD_MARKS_SECONDS",
    default: "60",
    doc:
      "how often one instance counts the big leaderboards again, so a rank below the top 10 000 is one short " +
      "count away; between counts such a rank can be off by the players who passed it since",
    parse: integer(1, 3_600),
  }),
  ...achievementRewardSettings(),
  riskReviewScore: setting({
    env: "RISK_REVIEW_SCORE",
    default: String(DEFAULT_REVIEW_SCORE),
    doc: "the score from which an account is in review: its USDT withdrawals wait for an admin (docs/fair-play.md)",
    parse: integer(1, 10_000),
  }),
  riskFreezeScore: setting({
    env: "RISK_FREEZE_SCORE",
    default: "0",
    doc: "the score from which an account is frozen without an admin (`0`: only admins freeze)",
    parse: integer(0, 10_000),
  }),
  riskCapRateMinutes: setting({
    env: "RISK_CAP_RATE_MINUTES",
    default: "20",
    doc: "minutes in a row of taps at 90 % or more of the tap cap that raise signal `cap-rate`",
    parse: integer(1, 1_440),
  }),
  riskSignupsPerNetwork: setting({
    env: "RISK_SIGNUPS_PER_NETWORK",
    default: "10",
    doc:
      "accounts one network (an IPv4 address, an IPv6 /64) may create in 24 hours before each further one " +
      "raises signal `signup-burst` (`0`: off)",
    parse: integer(0, 1_000_000),
  }),
  riskScanSeconds: setting({
    env: "RISK_SCAN_SECONDS",
    default: "60",
    doc:
      "how often one instance looks for the signals that span accounts or time: `round-the-clock` (once an " +
      "hour), `referral-farm` and `fresh-withdrawal`",
    parse: integer(1, 3_600),
  }),
  withdrawalReviewAboveUsdt: setting({
    env: "WITHDRAWAL_REVIEW_ABOVE_USDT",
    default: "1000",
    doc: "a USDT withdrawal of this much or more waits for an admin's approval, whoever asks",
    parse: amount,
  }),
  withdrawalReviewFirst: setting({
    env: "WITHDRAWAL_REVIEW_FIRST",
    default: "true",
    doc: "`true`: an account's first USDT withdrawal waits for an admin's approval",
    parse: boolean,
  }),
  ...signalWeightSettings(),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValues = { [K in SettingKey]: ReturnType<(typeof SETTINGS)[K]["parse"]> };

/** README's configuration table (the test suite checks README holds exactly this). */
export function settingsTableMarkdown(): string {
  const rows = Object.values(SETTINGS).map(
    (s: Setting<unknown>) => `| \`${s.env}\` | ${s.shownDefault} | ${s.doc} |`,
  );
  return ["| variable | default | meaning |", "|---|---|---|", ...rows].join("\n");
}
