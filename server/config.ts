/**
 * Configuration from the environment, validated once at start. Every bad value is reported with its own
 * message and the process exits non-zero; nothing reads process.env after this. The settings themselves,
 * their defaults and their documentation are declared in settings.ts.
 */
import type { SignalId } from "#contracts/fair-play-rules.ts";
import { MICRO_PER_UNIT } from "#contracts/micro.ts";
import {
  ACHIEVEMENT_REWARD_DEFAULTS,
  type AchievementId,
  type Chain,
  type LogLevel,
  SETTINGS,
  type SettingKey,
  SettingRuleBroken,
  type SettingValues,
  SIGNAL_WEIGHT_DEFAULTS,
} from "./settings.ts";

export type { Chain, LogLevel };

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
  /** Seconds a stopping process fails its health check while still serving (0: close at once). */
  drainSeconds: number;
  /** Bearer token of GET /api/metrics; null: the route answers 404. */
  metricsToken: string | null;
  /** How often one instance reconciles the books (0: never). */
  reconcileIntervalMs: number;
  logLevel: LogLevel;
  /** NODE_ENV=production: nothing meant for local trials is served. */
  production: boolean;
  requireEmailVerification: boolean;
  /** Sign-ups per IP (IPv6: per /64) per hour; 0 = no limit. */
  signupLimitPerIpHour: number;
  /** Live-stream tickets per user per minute (docs/decisions/035). */
  streamTicketsPerUserMinute: number;
  /** Unset: sign-in from Telegram is off (docs/decisions/031). */
  telegramBotToken: string | null;
  telegramAuthMaxAgeSeconds: number;
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
  economy: EconomyConfig;
  fairPlay: FairPlayConfig;
}

/** Streaks, boosters and achievements (docs/api.md, Economy; docs/decisions/019). Points are whole points. */
export interface EconomyConfig {
  streak: {
    pointsPerDay: number;
    rewardCapDays: number;
    freezeEveryDays: number;
    maxFreezes: number;
  };
  boosters: {
    turbo2x: { minutes: number; pricePoints: number };
    turbo3x: { minutes: number; pricePoints: number };
    graceMs: number;
    sweepIntervalMs: number;
  };
  achievementRewardPoints: Readonly<Record<AchievementId, number>>;
  referrals: { sharePercent: number; dailyCapMicro: number };
  leaderboard: { marksIntervalMs: number };
  /** Percent of a complete 50-tap combo's points minted on top (0: combos off; docs/decisions/039). */
  comboBonusPercent: number;
  /** The first tap sync of a UTC day claims the streak reward (docs/decisions/039). */
  autoClaim: boolean;
}

/** Fair play (docs/fair-play.md): when an account is reviewed or frozen, and which withdrawals wait. */
export interface FairPlayConfig {
  weights: Readonly<Record<SignalId, number>>;
  reviewScore: number;
  /** 0: never automatically. */
  freezeScore: number;
  capRateMinutes: number;
  /** 0: signup-burst is off. */
  signupsPerNetwork: number;
  /** How often one instance runs the risk scan (round-the-clock, referral-farm, fresh-withdrawal). */
  scanIntervalMs: number;
  /** Withdrawals of this many micro-USDT or more wait for an admin. */
  reviewAboveMicro: number;
  reviewFirstWithdrawal: boolean;
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

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

type Env = Readonly<Record<string, string | undefined>>;

export interface LoadOptions {
  /**
   * Settings a command never uses, left unread (null): `npm run reconcile` watches the chain without the
   * wallet's words, so WALLET_MNEMONIC is not required there even when CHAIN=tron.
   */
  skip?: readonly SettingKey[];
}

/** Reads and validates the environment. Throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env, options: LoadOptions = {}): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, definition] of Object.entries(SETTINGS) as [SettingKey, (typeof SETTINGS)[SettingKey]][]) {
    if (options.skip?.includes(key)) {
      values[key] = null;
      continue;
    }
    const given = definition.untrimmed ? env[definition.env] : env[definition.env]?.trim();
    // An empty value means "not set", as in most .env tooling.
    const raw = given === undefined || given === "" ? undefined : given;
    try {
      values[key] = definition.parse(raw, values);
    } catch (err) {
      if (!(err instanceof SettingRuleBroken)) throw err;
      problems.push(err.problem ?? `${definition.env} must be ${err.rule}, got ${JSON.stringify(raw ?? "")}`);
      values[key] = definition.parse(undefined, { ...values, chain: "local" });
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(values as SettingValues);
}

function toConfig(values: SettingValues): Config {
  const {
    tronApiUrl,
    tronApiKey,
    tronUsdtContract,
    tronExplorer,
    tronFeeLimitTrx,
    streakPointsPerDay,
    streakRewardCapDays,
    streakFreezeEveryDays,
    streakMaxFreezes,
    boosterTurbo2xMinutes,
    boosterTurbo2xPricePoints,
    boosterTurbo3xMinutes,
    boosterTurbo3xPricePoints,
    boosterGraceSeconds,
    boosterSweepSeconds,
    referralSharePercent,
    referralDailyCapPoints,
    comboBonusPercent,
    autoClaim,
    leaderboardMarksSeconds,
    riskReviewScore,
    riskFreezeScore,
    riskCapRateMinutes,
    riskSignupsPerNetwork,
    riskScanSeconds,
    withdrawalReviewAboveUsdt,
    withdrawalReviewFirst,
    ...rest
  } = values;
  const weights = Object.fromEntries(
    (Object.keys(SIGNAL_WEIGHT_DEFAULTS) as SignalId[]).map((id) => [id, values[`signalWeight:${id}`]]),
  ) as Record<SignalId, number>;
  const achievementRewardPoints = Object.fromEntries(
    (Object.keys(ACHIEVEMENT_REWARD_DEFAULTS) as AchievementId[]).map((id) => [
      id,
      values[`achievementReward:${id}`],
    ]),
  ) as Record<AchievementId, number>;
  const general = Object.fromEntries(
    Object.entries(rest).filter(
      ([key]) => !key.startsWith("achievementReward:") && !key.startsWith("signalWeight:"),
    ),
  ) as Omit<typeof rest, `achievementReward:${AchievementId}` | `signalWeight:${SignalId}`>;
  return {
    ...general,
    economy: {
      streak: {
        pointsPerDay: streakPointsPerDay,
        rewardCapDays: streakRewardCapDays,
        freezeEveryDays: streakFreezeEveryDays,
        maxFreezes: streakMaxFreezes,
      },
      boosters: {
        turbo2x: { minutes: boosterTurbo2xMinutes, pricePoints: boosterTurbo2xPricePoints },
        turbo3x: { minutes: boosterTurbo3xMinutes, pricePoints: boosterTurbo3xPricePoints },
        graceMs: boosterGraceSeconds * 1000,
        sweepIntervalMs: boosterSweepSeconds * 1000,
      },
      achievementRewardPoints,
      referrals: {
        sharePercent: referralSharePercent,
        dailyCapMicro: referralDailyCapPoints * MICRO_PER_UNIT,
      },
      leaderboard: { marksIntervalMs: leaderboardMarksSeconds * 1000 },
      comboBonusPercent,
      autoClaim,
    },
    fairPlay: {
      weights,
      reviewScore: riskReviewScore,
      freezeScore: riskFreezeScore,
      capRateMinutes: riskCapRateMinutes,
      signupsPerNetwork: riskSignupsPerNetwork,
      scanIntervalMs: riskScanSeconds * 1000,
      reviewAboveMicro: Math.round(withdrawalReviewAboveUsdt * MICRO_PER_UNIT),
      reviewFirstWithdrawal: withdrawalReviewFirst,
    },
    tron: {
      apiUrl: tronApiUrl,
      apiKey: tronApiKey,
      usdtContract: tronUsdtContract,
      explorer: tronExplorer,
      feeLimitSun: Math.round(tronFeeLimitTrx * MICRO_PER_UNIT),
    },
  };
}
