import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { SETTINGS, settingsTableMarkdown } from "#server/settings.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe("config", () => {
  it("has working defaults with an empty environment", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: null,
      dataDir: "./data",
      adminEmail: null,
      adminPassword: null,
      publicUrl: "http://localhost:3000",
      smtpUrl: null,
      mailFrom: "TapRewards <no-reply@taprewards.local>",
      fairPlay: {
        weights: {
          "cap-rate": 30,
          "regular-cadence": 40,
          "no-timing": 10,
          "round-the-clock": 30,
          "signup-burst": 30,
          "referral-farm": 40,
          "fresh-withdrawal": 20,
        },
        reviewScore: 30,
        freezeScore: 0,
        capRateMinutes: 20,
        signupsPerNetwork: 10,
        scanIntervalMs: 60_000,
        reviewAboveMicro: 1_000_000_000,
        reviewFirstWithdrawal: true,
      },
      corsOrigins: [],
      trustProxy: false,
      drainSeconds: 0,
      metricsToken: null,
      reconcileIntervalMs: 3_600_000,
      logLevel: "info",
      production: false,
      requireEmailVerification: false,
      signupLimitPerIpHour: 20,
      streamTicketsPerUserMinute: 30,
      telegramBotToken: null,
      telegramAuthMaxAgeSeconds: 3600,
      chain: "local",
      pointsPerUsdt: 1,
      demoTreasuryUsdt: 100_000,
      walletMnemonic: null,
      tron: {
        apiUrl: "https://api.trongrid.io",
        apiKey: null,
        usdtContract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        explorer: "https://tronscan.org/#/transaction/",
        feeLimitSun: 100_000_000,
      },
      chainPollIntervalMs: 3_000,
      economy: {
        streak: { pointsPerDay: 1, rewardCapDays: 7, freezeEveryDays: 7, maxFreezes: 2 },
        boosters: {
          turbo2x: { minutes: 10, pricePoints: 100 },
          turbo3x: { minutes: 5, pricePoints: 100 },
          graceMs: 30_000,
          sweepIntervalMs: 2_000,
        },
        achievementRewardPoints: {
          "first-tap": 0,
          "taps-1k": 1,
          "taps-10k": 5,
          "taps-100k": 25,
          "first-multiplier": 5,
          "streak-7": 5,
          "first-deposit": 5,
          "first-withdrawal": 1,
          "first-referral": 5,
        },
        referrals: { sharePercent: 10, dailyCapMicro: 1_000_000_000 },
        leaderboard: { marksIntervalMs: 60_000 },
        comboBonusPercent: 10,
        autoClaim: true,
      },
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://app@db:5432/tr",
      DATA_DIR: "/var/lib/tr",
      ADMIN_EMAIL: " Boss@Example.com ",
      ADMIN_PASSWORD: "  spaces count  ",
      PUBLIC_URL: "https://tap.example.com/",
      SMTP_URL: "smtps://u:p@mail.example.com:465",
      MAIL_FROM: "Tap <tap@example.com>",
      CORS_ORIGIN: "https://a.example.com, http://localhost:5173",
      TRUST_PROXY: "2",
      LOG_LEVEL: "warn",
      REQUIRE_EMAIL_VERIFICATION: "true",
      CHAIN: "tron",
      POINTS_PER_USDT: "2.5",
      DEMO_TREASURY_USDT: "0",
      WALLET_MNEMONIC: "  legal winner thank year wave sausage worth useful legal winner thank yellow ",
      TRON_API_URL: "https://nile.trongrid.io/",
      TRON_API_KEY: "key-123",
      TRON_USDT_CONTRACT: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf",
      TRON_EXPLORER_URL: "https://nile.tronscan.org/#/transaction/",
      TRON_FEE_LIMIT_TRX: "40.5",
      CHAIN_POLL_SECONDS: "7.5",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgres://app@db:5432/tr",
      dataDir: "/var/lib/tr",
      adminEmail: "boss@example.com",
      adminPassword: "  spaces count  ",
      publicUrl: "https://tap.example.com",
      smtpUrl: "smtps://u:p@mail.example.com:465",
      corsOrigins: ["https://a.example.com", "http://localhost:5173"],
      trustProxy: 2,
      logLevel: "warn",
      requireEmailVerification: true,
      chain: "tron",
      pointsPerUsdt: 2.5,
      demoTreasuryUsdt: 0,
      walletMnemonic: "legal winner thank year wave sausage worth useful legal winner thank yellow",
      tron: {
        apiUrl: "https://nile.trongrid.io",
        apiKey: "key-123",
        usdtContract: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf",
        explorer: "https://nile.tronscan.org/#/transaction/",
        feeLimitSun: 40_500_000,
      },
      chainPollIntervalMs: 7_500,
    });
  });

  it("refuses a bad wallet seed or TRON setting without echoing the words", () => {
    const problems = problemsOf({
      WALLET_MNEMONIC: "legal winner thank year wave sausage worth useful legal winner thank thank",
      TRON_USDT_CONTRACT: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBg",
      TRON_API_URL: "ftp://nile.trongrid.io",
      CHAIN_POLL_SECONDS: "0",
    });
    expect(problems).toHaveLength(4);
    expect(problems.join("\n")).not.toContain("sausage");
    expect(problems[0]).toMatch(/^WALLET_MNEMONIC must be .*checksum/);
    expect(problems.some((p) => p.startsWith("TRON_USDT_CONTRACT must be a TRON address"))).toBe(true);
    expect(problemsOf({ CHAIN: "tron" })).toEqual([
      "WALLET_MNEMONIC is required when CHAIN=tron (the seed that owns real funds)",
    ]);
    expect(
      loadConfig({ CHAIN: "tron", WALLET_MNEMONIC: `${"abandon ".repeat(11)}about` }).chainPollIntervalMs,
    ).toBe(20_000);
  });

  it("refuses a bot token of the wrong shape without echoing it, and bounds the initData age", () => {
    const secret = "not-a-token-but-secret-words";
    const problem = () => loadConfig({ TELEGRAM_BOT_TOKEN: secret, TELEGRAM_AUTH_MAX_AGE_SECONDS: "30" });
    expect(problem).toThrow(ConfigError);
    try {
      problem();
    } catch (err) {
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toBe("TELEGRAM_BOT_TOKEN must look like 123456:ABC… as BotFather gives it");
      expect(problems.join("\n")).not.toContain(secret);
      expect(problems[1]).toMatch(/^TELEGRAM_AUTH_MAX_AGE_SECONDS must be an integer 60-86400/);
    }
    expect(
      loadConfig({ TELEGRAM_BOT_TOKEN: "123456:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8" }).telegramBotToken,
    ).toBe("123456:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8");
  });

  it("reads the operations settings and never echoes a bad metrics token", () => {
    const config = loadConfig({
      METRICS_TOKEN: "scrape-Token_0123.~",
      RECONCILE_MINUTES: "15",
      SHUTDOWN_DRAIN_SECONDS: "5",
    });
    expect(config).toMatchObject({
      metricsToken: "scrape-Token_0123.~",
      reconcileIntervalMs: 900_000,
      drainSeconds: 5,
    });
    expect(loadConfig({ RECONCILE_MINUTES: "0" }).reconcileIntervalMs).toBe(0);
    for (const token of ["has space in the middle!", "x".repeat(201)]) {
      const problems = problemsOf({ METRICS_TOKEN: token });
      expect(problems).toEqual(["METRICS_TOKEN must be 16-200 characters of letters, digits, -, _, . or ~"]);
      expect(problems.join("")).not.toContain(token);
    }
    expect(problemsOf({ METRICS_TOKEN: "short" })).toHaveLength(1);
    // Draining and closing must fit in the 10 s a stopping process has.
    expect(problemsOf({ SHUTDOWN_DRAIN_SECONDS: "6" })).toEqual([
      'SHUTDOWN_DRAIN_SECONDS must be an integer 0-5, got "6"',
    ]);
  });

  it("treats an empty value as unset and derives PUBLIC_URL from PORT", () => {
    const config = loadConfig({ PORT: "4000", DATABASE_URL: "", CORS_ORIGIN: "" });
    expect(config.databaseUrl).toBeNull();
    expect(config.corsOrigins).toEqual([]);
    expect(config.publicUrl).toBe("http://localhost:4000");
  });

  it.each([
    [{ PORT: "abc" }, 'PORT must be an integer 1-65535, got "abc"'],
    [{ PORT: "0" }, 'PORT must be an integer 1-65535, got "0"'],
    [{ PORT: "65536" }, 'PORT must be an integer 1-65535, got "65536"'],
    [{ PORT: "3000.5" }, 'PORT must be an integer 1-65535, got "3000.5"'],
    [
      { DATABASE_URL: "mysql://x" },
      'DATABASE_URL must be a postgres:// or postgresql:// URL, got "mysql://x"',
    ],
    [{ ADMIN_EMAIL: "boss" }, 'ADMIN_EMAIL must be an email address, got "boss"'],
    [{ ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD must be 8-128 characters long, got 5 characters"],
    [
      { PUBLIC_URL: "tap.example.com" },
      'PUBLIC_URL must be an http:// or https:// URL, got "tap.example.com"',
    ],
    [{ SMTP_URL: "http://mail" }, 'SMTP_URL must be an smtp:// or smtps:// URL, got "http://mail"'],
    [
      { CORS_ORIGIN: "https://a.example.com/path" },
      'CORS_ORIGIN must be a comma-separated list of origins like https://app.example.com, got "https://a.example.com/path"',
    ],
    [
      { TRUST_PROXY: "yes please" },
      'TRUST_PROXY must be true, false, a hop count or comma-separated proxy IPs/CIDRs, got "yes please"',
    ],
    [
      { TRUST_PROXY: "10.0.0.1, 1.2.3" },
      'TRUST_PROXY must be true, false, a hop count or comma-separated proxy IPs/CIDRs, got "10.0.0.1, 1.2.3"',
    ],
    [
      { TRUST_PROXY: "10.0.0.0/33" },
      'TRUST_PROXY must be true, false, a hop count or comma-separated proxy IPs/CIDRs, got "10.0.0.0/33"',
    ],
    [
      { TRUST_PROXY: "10.0.0.0/8/8" },
      'TRUST_PROXY must be true, false, a hop count or comma-separated proxy IPs/CIDRs, got "10.0.0.0/8/8"',
    ],
    [
      { TRUST_PROXY: "::1/129" },
      'TRUST_PROXY must be true, false, a hop count or comma-separated proxy IPs/CIDRs, got "::1/129"',
    ],
    [
      { TRUST_PROXY: "10.0.0.1," },
      'TRUST_PROXY must be true, false, a hop count or comma-separated proxy IPs/CIDRs, got "10.0.0.1,"',
    ],
    [
      { LOG_LEVEL: "loud" },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [
      { REQUIRE_EMAIL_VERIFICATION: "maybe" },
      'REQUIRE_EMAIL_VERIFICATION must be true or false, got "maybe"',
    ],
    [{ CHAIN: "eth" }, 'CHAIN must be local or tron, got "eth"'],
    [{ POINTS_PER_USDT: "0" }, 'POINTS_PER_USDT must be greater than 0, got "0"'],
    [
      { POINTS_PER_USDT: "1.0000001" },
      'POINTS_PER_USDT must be a number from 0 to 1000000000 with at most 6 decimals, got "1.0000001"',
    ],
    [
      { DEMO_TREASURY_USDT: "-5" },
      'DEMO_TREASURY_USDT must be a number from 0 to 1000000000 with at most 6 decimals, got "-5"',
    ],
    [
      { DEMO_TREASURY_USDT: "1e6" },
      'DEMO_TREASURY_USDT must be a number from 0 to 1000000000 with at most 6 decimals, got "1e6"',
    ],
  ])("rejects %j with one clear message", (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it("reports every bad value at once", () => {
    const problems = problemsOf({ PORT: "x", CHAIN: "y", LOG_LEVEL: "z" });
    expect(problems).toHaveLength(3);
    expect(() => loadConfig({ PORT: "x" })).toThrow(/Invalid configuration:\n {2}- PORT must be/);
  });

  it("accepts proxy address lists and booleans for TRUST_PROXY", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe("10.0.0.0/8, 127.0.0.1");
    expect(loadConfig({ TRUST_PROXY: "::1, fd00::/8,192.168.1.0/24" }).trustProxy).toBe(
      "::1, fd00::/8,192.168.1.0/24",
    );
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
  });

  it("reads each variable for one setting only", () => {
    const names = Object.values(SETTINGS).map((s) => s.env);
    expect(new Set(names).size).toBe(names.length);
  });

  it("keeps README.md's configuration table exactly as the settings produce it (npm run docs:settings)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const between = /<!-- settings:start -->\n([\s\S]*?)\n<!-- settings:end -->/.exec(readme)?.[1];
    expect(between).toBe(settingsTableMarkdown());
  });

  it("refuses a common or own-email ADMIN_PASSWORD, saying why", () => {
    expect(problemsOf({ ADMIN_PASSWORD: "password123" })).toEqual([
      "ADMIN_PASSWORD is refused: This password is one of the most common ones. Choose one that is harder to guess.",
    ]);
    expect(problemsOf({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "boss@example.com" })).toEqual([
      "ADMIN_PASSWORD is refused: Password must not be your email address. Choose something only you know.",
    ]);
  });

  it("reads the economy's figures, each checked", () => {
    const config = loadConfig({
      STREAK_POINTS_PER_DAY: "2",
      STREAK_REWARD_CAP_DAYS: "5",
      STREAK_FREEZE_EVERY_DAYS: "3",
      STREAK_MAX_FREEZES: "0",
      BOOSTER_TURBO_2X_MINUTES: "15",
      BOOSTER_TURBO_2X_PRICE_POINTS: "50",
      BOOSTER_TURBO_3X_MINUTES: "1",
      BOOSTER_TURBO_3X_PRICE_POINTS: "250",
      BOOSTER_GRACE_SECONDS: "0",
      BOOSTER_SWEEP_SECONDS: "10",
      LEADERBOARD_MARKS_SECONDS: "5",
      ACHIEVEMENT_FIRST_TAP_POINTS: "3",
      ACHIEVEMENT_TAPS_100K_POINTS: "0",
    });
    expect(config.economy).toMatchObject({
      streak: { pointsPerDay: 2, rewardCapDays: 5, freezeEveryDays: 3, maxFreezes: 0 },
      boosters: {
        turbo2x: { minutes: 15, pricePoints: 50 },
        turbo3x: { minutes: 1, pricePoints: 250 },
        graceMs: 0,
        sweepIntervalMs: 10_000,
      },
      leaderboard: { marksIntervalMs: 5_000 },
    });
    expect(config.economy.achievementRewardPoints).toMatchObject({
      "first-tap": 3,
      "taps-100k": 0,
      "taps-1k": 1,
    });
    expect(loadConfig({ COMBO_BONUS_PERCENT: "0", AUTO_CLAIM: "false" }).economy).toMatchObject({
      comboBonusPercent: 0,
      autoClaim: false,
    });
    expect(loadConfig({ COMBO_BONUS_PERCENT: "100" }).economy.comboBonusPercent).toBe(100);
    expect(problemsOf({ COMBO_BONUS_PERCENT: "101", AUTO_CLAIM: "yes" })).toEqual([
      'COMBO_BONUS_PERCENT must be an integer 0-100, got "101"',
      'AUTO_CLAIM must be true or false, got "yes"',
    ]);
    // The achievement settings stay inside `economy`, not beside the other settings.
    expect(Object.keys(config).filter((key) => key.startsWith("achievement"))).toEqual([]);
    expect(
      problemsOf({
        STREAK_REWARD_CAP_DAYS: "0",
        BOOSTER_TURBO_2X_PRICE_POINTS: "0",
        BOOSTER_TURBO_3X_MINUTES: "2.5",
        BOOSTER_GRACE_SECONDS: "-1",
        ACHIEVEMENT_STREAK_7_POINTS: "ten",
      }),
    ).toEqual([
      'STREAK_REWARD_CAP_DAYS must be an integer 1-365, got "0"',
      'BOOSTER_TURBO_2X_PRICE_POINTS must be an integer 1-1000000, got "0"',
      'BOOSTER_TURBO_3X_MINUTES must be an integer 1-1440, got "2.5"',
      'BOOSTER_GRACE_SECONDS must be an integer 0-600, got "-1"',
      'ACHIEVEMENT_STREAK_7_POINTS must be an integer 0-1000000, got "ten"',
    ]);
  });

  it("reads the sign-up limit and NODE_ENV", () => {
    expect(loadConfig({}).signupLimitPerIpHour).toBe(20);
    expect(loadConfig({ SIGNUP_LIMIT_PER_IP_HOUR: "0" }).signupLimitPerIpHour).toBe(0);
    expect(problemsOf({ SIGNUP_LIMIT_PER_IP_HOUR: "-1" })).toEqual([
      'SIGNUP_LIMIT_PER_IP_HOUR must be an integer 0-1000000, got "-1"',
    ]);
    expect(loadConfig({}).production).toBe(false);
    expect(loadConfig({ NODE_ENV: "production" }).production).toBe(true);
  });
});
