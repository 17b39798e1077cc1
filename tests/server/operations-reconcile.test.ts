/**
 * Reconciliation (docs/decisions/030): a ledger that has lived agrees with itself and with the devnet; each
 * kind of planted difference (a balance changed behind the ledger's back, a deposit never credited, USDT gone
 * from the hot wallet) is caught and named; a withdrawal still on its way is not a difference. The command
 * prints the report and exits 1 on a difference, and the hourly run is recorded for /api/metrics.
 */
import { execFile } from "node:child_process";
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { HOT_WALLET_INDEX } from "#server/chain/keys.ts";
import { newDevnetTxId } from "#server/chain/local/devnet-gateway.ts";
import { insertDevnetTransfer } from "#server/db/repos/devnet.repo.ts";
import { walletAccountId } from "#server/domain/ledger/accounts.ts";
import { DEPOSIT_GRACE_MS, reconcile, usdt } from "#server/domain/operations/reconcile.ts";
import { formatReconcileReport } from "#server/domain/operations/reconcile-report.ts";
import { startReconciliation } from "#server/plugins/jobs.ts";
import {
  type Activity,
  depositAddressOf,
  devnetDeposit,
  liveALittle,
  OUTSIDE_ADDRESS,
  settleChain,
} from "./helpers/ledger-activity.ts";
import { parsePrometheusText, sampleValue } from "./helpers/prometheus-text.ts";
import { type Caller, fundViaDevnet, sessionCaller } from "./helpers/rewards.ts";
import {
  bearer,
  HOUR,
  setupTestApp,
  signUpAndLogIn,
  testEngine,
  withdrawalsUnheld,
} from "./helpers/test-app.ts";

const TOKEN = "reconcile-metrics-token";
// Two hours back: `npm run reconcile` runs on the real clock, and the devnet confirms a transfer only once its
// time has come, so the suite's clock (moved forward by the tests) must stay behind the real one.
// Withdrawals that leave the hot wallet: first ones go out without review (WITHDRAWAL_REVIEW_FIRST=false).
const t = setupTestApp({
  config: { metricsToken: TOKEN, ...withdrawalsUnheld() },
  clockStart: new Date(Date.now() - 2 * HOUR),
});
const db = () => t.database.handle.db;
const check = () => reconcile(t.app.ctx);
let activity: Activity;

beforeAll(async () => {
  activity = await liveALittle(t);
});

/** Every planted difference is taken back, so each test starts from books that agree. */
const undo: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (undo.length > 0) await undo.pop()?.();
  const report = await check();
  expect(report.differences, formatReconcileReport(report)).toBe(0);
});

function runCommand(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/cli/reconcile.ts"],
      { env: { PATH: process.env.PATH ?? "", ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe("a ledger that has lived", () => {
  it("agrees with itself and with the chain, and the report shows the figures", async () => {
    const report = await check();
    expect(report.differences, formatReconcileReport(report)).toBe(0);
    const chain = report.chain;
    expect(chain).not.toBeNull();
    expect(chain?.hotWalletAddress).toBe(t.app.ctx.wallet.addressAt(HOT_WALLET_INDEX));
    // The demo treasury's 100 000 on the devnet, less the 300 withdrawn.
    expect(chain?.hotWalletMicro).toBe(99_700_000_000);
    expect(chain?.hotWalletExpectedMicro).toBe(99_700_000_000);
    expect(chain?.depositsCreditedMicro).toBe(500_000_000);
    expect(chain?.depositAddressesMicro).toBe(500_000_000);
    const text = formatReconcileReport(report);
    expect(text).toContain("OK: no difference.");
    expect(text).toContain("99700.000000 USDT");
  });

  it("does not count a withdrawal still on its way, nor a deposit not yet settled", async () => {
    const payer = sessionCaller(await signUpAndLogIn(t.app));
    expect((await fundViaDevnet(t.app, payer.email, 300)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/wallet/token/transfer",
      headers: { ...bearer(payer.token), "idempotency-key": `key-${payer.id}` },
      payload: { to: OUTSIDE_ADDRESS, amount: 300 },
    });
    expect(res.statusCode).toBe(202);
    await t.app.ctx.background.drain();
    await devnetDeposit(t, activity.depositAddress, 7);
    const report = await check();
    expect(report.differences, formatReconcileReport(report)).toBe(0);
    expect(report.chain?.hotWalletInDoubtMicro).toBe(300_000_000);
    expect(report.chain?.depositsInDoubtMicro).toBe(7_000_000);
    await settleChain(t);
    await settleChain(t);
  });
});

describe("planted differences", () => {
  it("catches a wallet balance changed behind the ledger's back (drift, a sum that is not zero, the chain)", async () => {
    const clean = await check();
    const account = walletAccountId(activity.depositor.id);
    const { balance_micro: before } = await db()
      .selectFrom("ledger_accounts")
      .select("balance_micro")
      .where("id", "=", account)
      .executeTakeFirstOrThrow();
    const bump = (micro: number) =>
      sql`UPDATE ledger_accounts SET balance_micro = balance_micro + ${micro} WHERE id = ${account}`.execute(
        db(),
      );
    undo.push(async () => void (await bump(-1_000_000)));
    await bump(1_000_000);
    const report = await check();
    expect(report.ledger.problems).toEqual([
      "balances sum to 1000000 micro-USDT, not 0",
      `${account} holds ${before + 1_000_000} but its transfers sum to ${before}`,
    ]);
    const hot = usdt(clean.chain?.hotWalletMicro ?? 0);
    const expected = usdt((clean.chain?.hotWalletExpectedMicro ?? 0) + 1_000_000);
    expect(report.chainProblems).toEqual([
      expect.stringContaining(`holds ${hot} USDT, the ledger says ${expected} (-1.000000)`),
    ]);
    expect(report.differences).toBe(3);
    expect(formatReconcileReport(report)).toContain("FAILED: 3 differences");
  });

  it("catches a negative balance and points that do not match the batches", async () => {
    await sql`UPDATE user_rewards SET points_micro = points_micro + 5 WHERE user_id = ${activity.depositor.id}`.execute(
      db(),
    );
    undo.push(async () => {
      await sql`UPDATE user_rewards SET points_micro = points_micro - 5 WHERE user_id = ${activity.depositor.id}`.execute(
        db(),
      );
    });
    const report = await check();
    expect(report.points.problems).toHaveLength(1);
    expect(report.points.problems[0]).toContain(`user ${activity.depositor.id} has`);
    expect(report.differences).toBe(1);
  });

  it("catches a deposit confirmed on chain and never credited, once the grace has passed", async () => {
    const late: Caller = sessionCaller(await signUpAndLogIn(t.app));
    const address = await depositAddressOf(t, late);
    const txId = await devnetDeposit(t, address, 42);
    expect((await check()).differences).toBe(0);
    t.clock.advance(DEPOSIT_GRACE_MS + 1);
    const report = await check();
    expect(report.chainProblems).toEqual([
      expect.stringContaining(
        `deposit ${txId} of 42.000000 USDT to ${address} (user ${late.id}) was confirmed on chain`,
      ),
    ]);
    // The watcher catches up: the books agree again (afterEach checks).
    await settleChain(t);
  });

  it("catches USDT that left the hot wallet without the ledger knowing", async () => {
    const clean = await check();
    const hotWallet = t.app.ctx.wallet.addressAt(HOT_WALLET_INDEX);
    const at = t.clock();
    const send = (from: string, to: string) =>
      insertDevnetTransfer(db(), {
        tx_id: newDevnetTxId(),
        from_address: from,
        to_address: to,
        amount_micro: 12_500_000,
        status: "success",
        failure_reason: null,
        created_at: at,
        confirms_at: at,
      });
    // Put back afterwards as an outside deposit would: the hot wallet then holds the figure again.
    undo.push(async () => void (await send(OUTSIDE_ADDRESS, hotWallet)));
    await send(hotWallet, OUTSIDE_ADDRESS);
    const report = await check();
    const held = usdt((clean.chain?.hotWalletMicro ?? 0) - 12_500_000);
    const expected = usdt(clean.chain?.hotWalletExpectedMicro ?? 0);
    expect(report.chainProblems).toEqual([
      `the hot wallet ${hotWallet} holds ${held} USDT, the ledger says ${expected} (-12.500000)`,
    ]);
    expect(report.ledger.problems).toEqual([]);
  });
});

describe("npm run reconcile and the hourly run", () => {
  it.runIf(testEngine() === "postgres")(
    "prints the report and exits 0 on agreeing books, 1 on a difference, with the server's settings",
    async () => {
      const env = { DATABASE_URL: t.database.url ?? "", DATA_DIR: ".tmp/unused" };
      const clean = await runCommand(env);
      expect(clean.output).toContain("OK: no difference.");
      expect(clean.code).toBe(0);
      const account = walletAccountId(activity.withdrawer.id);
      await sql`UPDATE ledger_accounts SET balance_micro = balance_micro + 1 WHERE id = ${account}`.execute(
        db(),
      );
      undo.push(async () => {
        await sql`UPDATE ledger_accounts SET balance_micro = balance_micro - 1 WHERE id = ${account}`.execute(
          db(),
        );
      });
      const planted = await runCommand(env);
      expect(planted.code).toBe(1);
      expect(planted.output).toContain(`DIFFERENCE: ${account} holds`);
      expect(planted.output).toContain("FAILED: 3 differences");
    },
    60_000,
  );

  it("the worker reconciles under its lease, records the run, and /api/metrics shows it", async () => {
    const app = await t.buildAnother({
      config: { reconcileIntervalMs: 100, metricsToken: TOKEN, ...withdrawalsUnheld() },
    });
    const before = await db()
      .selectFrom("reconciliation_runs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const job = startReconciliation(app.ctx);
    try {
      await expect
        .poll(
          async () =>
            (
              await db()
                .selectFrom("reconciliation_runs")
                .select("source")
                .where("source", "=", "worker")
                .execute()
            ).length,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
    } finally {
      await job.stop();
    }
    const runs = await db().selectFrom("reconciliation_runs").selectAll().orderBy("id", "desc").execute();
    expect(runs.length).toBeGreaterThan(Number(before.n));
    expect(runs[0]).toMatchObject({ source: "worker", differences: 0 });
    const scraped = await app.inject({ url: "/api/metrics", headers: bearer(TOKEN) });
    const families = parsePrometheusText(scraped.body);
    expect(sampleValue(families, "taprewards_reconcile_differences", { source: "worker" })).toBe(0);
    expect(
      sampleValue(families, "taprewards_reconcile_last_run_timestamp_seconds", { source: "worker" }),
    ).toBe((runs[0]?.finished_at.getTime() ?? 0) / 1000);
    // The lease is let go on stop: no reconciliation lease row is left behind.
    expect(
      await db().selectFrom("worker_leases").selectAll().where("name", "=", "reconcile").execute(),
    ).toEqual([]);
  });
});
