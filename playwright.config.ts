import { defineConfig } from "@playwright/test";
import { TEST_BOT_TOKEN } from "./tests/support/telegram-init-data.ts";

// E2E runs against the real server on embedded PGlite in a throw-away data folder, in Debian's Chromium
// (Playwright never downloads a browser here). scripts/test.mjs builds the SPA before this runs.
const port = Number(process.env.E2E_PORT ?? 3100);
// BASE_URL runs the specs against a server that is already running (a tester's `npm start`, say) instead of
// starting one: that server's limits apply (SIGNUP_LIMIT_PER_IP_HOUR=0 lets every test sign up its account).
const external = process.env.BASE_URL;
export const baseURL = external ?? `http://localhost:${port}`;
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password" };
// The specs exported from the machines (tests/e2e/generated/): `npm test` runs the tests tagged @core, the
// fewest that take every transition; `npm run test:paths` (E2E_PATHS=all) runs every one of them.
const allPaths = process.env.E2E_PATHS === "all";

export default defineConfig({
  testDir: "tests/e2e",
  projects: [
    { name: "e2e", testIgnore: "generated/**" },
    { name: "paths", testMatch: "generated/**", ...(allPaths ? {} : { grep: /@core/ }) },
  ],
  outputDir: ".tmp/e2e-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs names a report file per project (PLAYWRIGHT_JSON_OUTPUT_FILE).
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? ".tmp/playwright.json" }],
  ],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        command: "node scripts/e2e-server.mjs",
        url: `${baseURL}/api/health`,
        timeout: 60_000,
        reuseExistingServer: false,
        stdout: "pipe",
        env: {
          PORT: String(port),
          HOST: "127.0.0.1",
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          LOG_LEVEL: "warn",
          // Every test signs up its own accounts from this one machine: neither a limit nor signup-burst (which
          // alone puts an account in review) applies to them.
          SIGNUP_LIMIT_PER_IP_HOUR: "0",
          // The suite's one admin signs in for many tests a minute, each taking a live-stream ticket or more.
          STREAM_TICKETS_PER_USER_MINUTE: "600",
          RISK_SIGNUPS_PER_NETWORK: "0",
          // Fair play's spec waits for the risk scan to raise fresh-withdrawal: scan often.
          RISK_SCAN_SECONDS: "5",
          // Sign-in from Telegram on, with a made-up token the Telegram spec signs its initData with.
          TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
          // The wallet specs follow a first USDT withdrawal along the chain path (pending, then confirmed): first
          // withdrawals are not held here. Fair play's specs hold theirs by amount (WITHDRAWAL_REVIEW_ABOVE_USDT,
          // 1 000 by default) or by an account in review (docs/fair-play.md, Held withdrawals).
          WITHDRAWAL_REVIEW_FIRST: "false",
          // Combos and auto-claim as shipped: combo.spec.ts tests both; specs that count points exactly add what
          // they paid beside the taps (fixtures.ts, extrasPaidMicro).
          COMBO_BONUS_PERCENT: "10",
          AUTO_CLAIM: "true",
        },
      },
});
