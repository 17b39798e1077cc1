/**
 * Configuration from the environment, validated once at start. Every bad value is reported with its own
 * message and the process exits non-zero; nothing reads process.env after this.
 */
import { validateMnemonic } from "@scure/bip39";
import { wordlist as english } from "@scure/bip39/wordlists/english.js";
import { isTronAddress } from "#src/api/contracts/tron-address.ts";
import { MICRO_PER_UNIT, microFromDecimalText } from "./money/micro.ts";

export type Chain = "local" | "tron";
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface Config {
  port: number;
  host: string;
  /** Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  dataDir: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Origin the emails link to, without a trailing slash. */
  publicUrl: string;
  /** Unset: mails go to the outbox table and the log. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Empty: CORS closed (same-origin only). */
  corsOrigins: string[];
  trustProxy: boolean | number | string;
  logLevel: LogLevel;
  requireEmailVerification: boolean;
  chain: Chain;
  /** Points that make one USDT in a rewards withdrawal (positive, at most 6 decimals). */
  pointsPerUsdt: number;
  /** USDT the treasury receives once from `external` when the chain is local (0: none). */
  demoTreasuryUsdt: number;
  /** BIP-39 words of the platform's HD wallet. Null: local mode keeps a generated one in the data directory. */
  walletMnemonic: string | null;
  tron: TronConfig;
  /** How often deposits are scanned and withdrawals moved forward. */
  chainPollIntervalMs: number;
}

export interface TronConfig {
  apiUrl: string;
  apiKey: string | null;
  usdtContract: string;
  /** Transaction page URL prefix. */
  explorer: string;
  /** Most TRX (in sun) a withdrawal may burn for energy. */
  feeLimitSun: number;
}

const MAINNET_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** The documented variables; README's table is generated from this list. */
export const ENVIRONMENT_VARIABLES = [
  { name: "PORT", default: "3000", meaning: "HTTP port of the server (SPA and /api)." },
  { name: "HOST", default: "0.0.0.0", meaning: "Interface to listen on." },
  {
    name: "DATABASE_URL",
    default: "(unset)",
    meaning: "PostgreSQL URL (postgres://user@host:5432/db). Unset: embedded PGlite in DATA_DIR/pglite.",
  },
  { name: "DATA_DIR", default: "./data", meaning: "Folder for the embedded database and local state." },
  {
    name: "ADMIN_EMAIL",
    default: "admin@taprewards.local",
    meaning: "Email of the first admin, created at start when no admin exists.",
  },
  {
    name: "ADMIN_PASSWORD",
    default: "(generated)",
    meaning: "Password of that first admin (8-128 characters). Unset: generated and printed once.",
  },
  {
    name: "PUBLIC_URL",
    default: "http://localhost:PORT",
    meaning: "Address users open; used for links in emails.",
  },
  {
    name: "SMTP_URL",
    default: "(unset)",
    meaning: "smtp(s)://user:pass@host:port to send real email. Unset: outbox table plus a log line.",
  },
  { name: "MAIL_FROM", default: "TapRewards <no-reply@taprewards.local>", meaning: "Sender of emails." },
  {
    name: "CORS_ORIGIN",
    default: "(unset)",
    meaning: "Comma-separated origins allowed to call /api from another site. Unset: CORS closed.",
  },
  {
    name: "TRUST_PROXY",
    default: "false",
    meaning: "true, a hop count, or comma-separated proxy IPs/CIDRs whose X-Forwarded-For is trusted.",
  },
  { name: "LOG_LEVEL", default: "info", meaning: "fatal, error, warn, info, debug, trace or silent." },
  {
    name: "REQUIRE_EMAIL_VERIFICATION",
    default: "false",
    meaning: "true: new accounts must confirm their email before they can sign in.",
  },
  { name: "CHAIN", default: "local", meaning: "local (built-in devnet) or tron (TronGrid)." },
  {
    name: "POINTS_PER_USDT",
    default: "1",
    meaning: "Points that make 1 USDT when a user withdraws rewards into the wallet (paid by the treasury).",
  },
  {
    name: "DEMO_TREASURY_USDT",
    default: "100000",
    meaning: "USDT put into the treasury once, on first start, when CHAIN=local (0: none).",
  },
  {
    name: "WALLET_MNEMONIC",
    default: "(generated)",
    meaning:
      "BIP-39 words of the HD wallet that derives deposit addresses and the hot wallet. Unset: generated into DATA_DIR/wallet-mnemonic.txt (mode 0600) when CHAIN=local; required when CHAIN=tron.",
  },
  {
    name: "TRON_API_URL",
    default: "https://api.trongrid.io",
    meaning: "TronGrid HTTP API (CHAIN=tron); https://nile.trongrid.io for the Nile testnet.",
  },
  {
    name: "TRON_API_KEY",
    default: "(unset)",
    meaning: "TronGrid API key (CHAIN=tron), sent as TRON-PRO-API-KEY.",
  },
  {
    name: "TRON_USDT_CONTRACT",
    default: MAINNET_USDT,
    meaning: "USDT TRC20 contract (CHAIN=tron). On Nile, the test USDT contract you use.",
  },
  {
    name: "TRON_EXPLORER_URL",
    default: "https://tronscan.org/#/transaction/",
    meaning:
      "Explorer page of a transaction, the id appended (Nile: https://nile.tronscan.org/#/transaction/).",
  },
  {
    name: "TRON_FEE_LIMIT_TRX",
    default: "100",
    meaning: "Most TRX a withdrawal may burn for energy (CHAIN=tron); the hot wallet must hold TRX for it.",
  },
  {
    name: "CHAIN_POLL_SECONDS",
    default: "3 (local), 20 (tron)",
    meaning: "How often deposits are scanned and withdrawals followed.",
  },
] as const;

export type EnvironmentVariableName = (typeof ENVIRONMENT_VARIABLES)[number]["name"];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
// Deliberately loose: the point is to catch typos at start, not to be RFC 5322.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Env = Readonly<Record<string, string | undefined>>;

/** Reads and validates the environment. Throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  // An empty value means "not set", as in most .env tooling.
  const read = (name: EnvironmentVariableName): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const bad = (name: EnvironmentVariableName, rule: string, value: string) => {
    problems.push(`${name} must be ${rule}, got ${JSON.stringify(value)}`);
  };

  const port = parsePort(read("PORT"), bad);
  const host = read("HOST") ?? "0.0.0.0";

  const databaseUrl = read("DATABASE_URL") ?? null;
  if (databaseUrl !== null && !isUrlWithProtocol(databaseUrl, ["postgres:", "postgresql:"])) {
    bad("DATABASE_URL", "a postgres:// or postgresql:// URL", databaseUrl);
  }

  const adminEmail = read("ADMIN_EMAIL")?.toLowerCase() ?? null;
  if (adminEmail !== null && (!EMAIL_PATTERN.test(adminEmail) || adminEmail.length > 254)) {
    bad("ADMIN_EMAIL", "an email address", adminEmail);
  }
  // Not trimmed: a password is taken exactly as typed.
  const rawAdminPassword = env.ADMIN_PASSWORD;
  const adminPassword = rawAdminPassword === undefined || rawAdminPassword === "" ? null : rawAdminPassword;
  if (adminPassword !== null && (adminPassword.length < 8 || adminPassword.length > 128)) {
    problems.push(`ADMIN_PASSWORD must be 8-128 characters long, got ${adminPassword.length} characters`);
  }

  const publicUrlRaw = read("PUBLIC_URL");
  if (publicUrlRaw !== undefined && !isUrlWithProtocol(publicUrlRaw, ["http:", "https:"])) {
    bad("PUBLIC_URL", "an http:// or https:// URL", publicUrlRaw);
  }
  const publicUrl = (publicUrlRaw ?? `http://localhost:${port}`).replace(/\/+$/, "");

  const smtpUrl = read("SMTP_URL") ?? null;
  if (smtpUrl !== null && !isUrlWithProtocol(smtpUrl, ["smtp:", "smtps:"])) {
    bad("SMTP_URL", "an smtp:// or smtps:// URL", smtpUrl);
  }

  const corsRaw = read("CORS_ORIGIN");
  const corsOrigins = corsRaw === undefined ? [] : corsRaw.split(",").map((origin) => origin.trim());
  for (const origin of corsOrigins) {
    if (!isOrigin(origin))
      bad("CORS_ORIGIN", "a comma-separated list of origins like https://app.example.com", corsRaw ?? "");
  }

  const logLevelRaw = read("LOG_LEVEL") ?? "info";
  if (!LOG_LEVELS.includes(logLevelRaw as LogLevel))
    bad("LOG_LEVEL", `one of ${LOG_LEVELS.join(", ")}`, logLevelRaw);

  const chainRaw = read("CHAIN") ?? "local";
  if (chainRaw !== "local" && chainRaw !== "tron") bad("CHAIN", "local or tron", chainRaw);

  const pointsPerUsdt = parseAmount("POINTS_PER_USDT", read("POINTS_PER_USDT"), 1, bad);
  if (pointsPerUsdt === 0) bad("POINTS_PER_USDT", "greater than 0", read("POINTS_PER_USDT") ?? "");
  const demoTreasuryUsdt = parseAmount("DEMO_TREASURY_USDT", read("DEMO_TREASURY_USDT"), 100_000, bad);

  const walletMnemonic = read("WALLET_MNEMONIC")?.split(/\s+/).join(" ") ?? null;
  // Never echo the words back: the message names the problem only.
  if (walletMnemonic !== null && !validateMnemonic(walletMnemonic, english)) {
    problems.push("WALLET_MNEMONIC must be 12-24 English BIP-39 words with a valid checksum");
  }
  if (walletMnemonic === null && chainRaw === "tron") {
    problems.push("WALLET_MNEMONIC is required when CHAIN=tron (the seed that owns real funds)");
  }
  const apiUrl = (read("TRON_API_URL") ?? "https://api.trongrid.io").replace(/\/+$/, "");
  if (!isUrlWithProtocol(apiUrl, ["http:", "https:"]))
    bad("TRON_API_URL", "an http:// or https:// URL", apiUrl);
  const usdtContract = read("TRON_USDT_CONTRACT") ?? MAINNET_USDT;
  if (!isTronAddress(usdtContract))
    bad("TRON_USDT_CONTRACT", "a TRON address (base58check, T…)", usdtContract);
  const explorer = read("TRON_EXPLORER_URL") ?? "https://tronscan.org/#/transaction/";
  if (!isUrlWithProtocol(explorer, ["http:", "https:"])) bad("TRON_EXPLORER_URL", "an http(s) URL", explorer);
  const feeLimitTrx = parseAmount("TRON_FEE_LIMIT_TRX", read("TRON_FEE_LIMIT_TRX"), 100, bad);
  const pollRaw = read("CHAIN_POLL_SECONDS");
  const defaultPoll = chainRaw === "tron" ? 20 : 3;
  const pollSeconds = pollRaw === undefined ? defaultPoll : Number(pollRaw);
  if (pollRaw !== undefined && (!/^\d+(\.\d+)?$/.test(pollRaw) || pollSeconds < 0.1 || pollSeconds > 3600)) {
    bad("CHAIN_POLL_SECONDS", "a number of seconds from 0.1 to 3600", pollRaw);
  }

  const config: Config = {
    port,
    host,
    databaseUrl,
    dataDir: read("DATA_DIR") ?? "./data",
    adminEmail,
    adminPassword,
    publicUrl,
    smtpUrl,
    mailFrom: read("MAIL_FROM") ?? "TapRewards <no-reply@taprewards.local>",
    corsOrigins: [...new Set(corsOrigins)],
    trustProxy: parseTrustProxy(read("TRUST_PROXY"), bad),
    logLevel: logLevelRaw as LogLevel,
    requireEmailVerification: parseBoolean(
      "REQUIRE_EMAIL_VERIFICATION",
      read("REQUIRE_EMAIL_VERIFICATION"),
      bad,
    ),
    chain: chainRaw as Chain,
    pointsPerUsdt,
    demoTreasuryUsdt,
    walletMnemonic,
    tron: {
      apiUrl,
      apiKey: read("TRON_API_KEY") ?? null,
      usdtContract,
      explorer,
      feeLimitSun: Math.round(feeLimitTrx * MICRO_PER_UNIT),
    },
    chainPollIntervalMs: Math.round((Number.isFinite(pollSeconds) ? pollSeconds : defaultPoll) * 1000),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

type Reporter = (name: EnvironmentVariableName, rule: string, value: string) => void;

function parsePort(value: string | undefined, bad: Reporter): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
    bad("PORT", "an integer 1-65535", value);
    return 3000;
  }
  return port;
}

/** A non-negative decimal with at most 6 decimals and at most a billion, as money amounts are. */
function parseAmount(
  name: EnvironmentVariableName,
  value: string | undefined,
  fallback: number,
  bad: Reporter,
): number {
  if (value === undefined) return fallback;
  const micro = /^\d+(\.\d+)?$/.test(value) ? microFromDecimalText(value) : null;
  if (micro === null || micro > 1_000_000_000 * MICRO_PER_UNIT) {
    bad(name, "a number from 0 to 1000000000 with at most 6 decimals", value);
    return fallback;
  }
  return micro / MICRO_PER_UNIT;
}

function parseBoolean(name: EnvironmentVariableName, value: string | undefined, bad: Reporter): boolean {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (lower === "true" || lower === "1") return true;
  if (lower === "false" || lower === "0") return false;
  bad(name, "true or false", value);
  return false;
}

function parseTrustProxy(value: string | undefined, bad: Reporter): boolean | number | string {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  // Fastify (proxy-addr) takes a comma-separated list of addresses or CIDR ranges.
  if (/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/.test(value)) return value;
  bad("TRUST_PROXY", "true, false, a hop count or comma-separated proxy IPs/CIDRs", value);
  return false;
}

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

/** README's table of variables, kept in sync by generating it from ENVIRONMENT_VARIABLES. */
export function environmentTableMarkdown(): string {
  const rows = ENVIRONMENT_VARIABLES.map((v) => `| \`${v.name}\` | ${v.default} | ${v.meaning} |`);
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}
