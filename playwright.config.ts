import { defineConfig } from "@playwright/test";
import { TEST_BOT_TOKEN } from "./tests/support/telegram-init-data.ts";

// E2E runs against the real server on embedded PGlite in a throw-away data folder, in Debian's Chromium
// (Playwright never downloads a browser here). scripts/test.mjs builds the SPA before this runs.
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password" };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".tmp/e2e-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".tmp/playwright.json" }]],
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
  webServer: {
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
      RISK_SIGNUPS_PER_NETWORK: "0",
      // Fair play's spec waits for the risk scan to raise fresh-withdrawal: scan often.
      RISK_SCAN_SECONDS: "5",
      // Sign-in from Telegram on, with a made-up token the Telegram spec signs its initData with.
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      // The wallet specs follow a first USDT withdrawal along the chain path (pending, then confirmed): first
      // withdrawals are not held here. Fair play's specs hold theirs by amount (WITHDRAWAL_REVIEW_ABOVE_USDT,
      // 1 000 by default) or by an account in review (docs/fair-play.md, Held withdrawals).
      WITHDRAWAL_REVIEW_FIRST: "false",
    },
  },
});
