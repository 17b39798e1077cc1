/**
 * The TronGrid gateway against a fake TronGrid on loopback (tests/chain/fake-trongrid.ts), and the wallet's
 * deposit watcher and withdrawals on it: only our token is credited, exactly once; a transfer is signed for
 * real, never re-signed after a crash; a lying node gets nothing signed; 429, 5xx, HTML and time-outs are
 * "try again later", never a wrong answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainUnavailable, TransferRejected } from "#server/chain/gateway.ts";
import { createHdWallet } from "#server/chain/keys.ts";
import { createTronGateway } from "#server/chain/tron/tron-gateway.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { scanDeposits } from "#server/domain/wallet/deposits.ts";
import { advanceWithdrawal } from "#server/domain/wallet/usdt-withdrawal.ts";
import { type FakeTronGrid, startFakeTronGrid } from "../chain/fake-trongrid.ts";
import { getJson, randomKey, sessionCaller } from "./helpers/rewards.ts";
import { bearer, setupTestApp, signUpAndLogIn, TEST_MNEMONIC } from "./helpers/test-app.ts";

const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const FAKE_USDT = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf";
const hd = createHdWallet(TEST_MNEMONIC);
const HOT = hd.addressAt(0);

let fake: FakeTronGrid;
const gateway = (timeoutMs = 2_000) =>
  createTronGateway({
    apiUrl: fake.url,
    apiKey: "test-key",
    contract: USDT,
    explorer: "https://tronscan.org/#/transaction/",
    feeLimitSun: 100_000_000,
    pollIntervalMs: 1_000,
    wallet: hd,
    timeoutMs,
  });

beforeAll(async () => {
  fake = await startFakeTronGrid({ contract: USDT });
});
afterAll(async () => {
  await fake.close();
});

describe("the TronGrid gateway", () => {
  it("lists only our token's transfers, newest first, and reads final outcomes with stable log indexes", async () => {
    const me = hd.addressAt(100);
    const first = fake.addTransaction({ logs: [{ to: me, amountMicro: 5_000_000 }] });
    const mixed = fake.addTransaction({
      logs: [
        { to: me, amountMicro: 1, contract: FAKE_USDT },
        { to: hd.addressAt(101), amountMicro: 7 },
        { to: me, amountMicro: 2_500_000 },
      ],
    });
    const listed = await gateway().listTransfers(me, { limit: 10 });
    expect(listed.map((t) => [t.txId, t.amountMicro])).toEqual([
      [mixed, 2_500_000],
      [first, 5_000_000],
    ]);
    expect(await gateway().transactionOutcome(mixed)).toEqual({ status: "pending" });
    expect(await gateway().transactionOutcome("ab".repeat(32))).toEqual({ status: "unknown" });
    fake.solidify();
    const outcome = await gateway().transactionOutcome(mixed);
    expect(outcome).toMatchObject({
      status: "confirmed",
      logs: [
        { logIndex: 1, to: hd.addressAt(101), amountMicro: 7 },
        { logIndex: 2, to: me, amountMicro: 2_500_000 },
      ],
    });
    expect(await gateway().tokenBalanceMicro(me)).toBe(7_500_000);
  });

  it("reports a reverted transaction as failed", async () => {
    const txId = fake.addTransaction({ logs: [{ to: hd.addressAt(102), amountMicro: 9 }], failed: true });
    fake.solidify(txId);
    expect(await gateway().transactionOutcome(txId)).toEqual({ status: "failed", reason: "REVERT" });
  });

  it("signs and broadcasts a transfer the node cannot fake; a re-send moves nothing twice", async () => {
    fake.setBalance(HOT, 1_000_000_000);
    const to = hd.addressAt(103);
    const prepared = await gateway().prepareTransfer({ to, amountMicro: 300_000_000 });
    await gateway().broadcast(prepared);
    await gateway().broadcast(prepared);
    expect(fake.broadcasts(prepared.txId)).toBe(1);
    fake.solidify(prepared.txId);
    expect(fake.balanceOf(to)).toBe(300_000_000);
    expect(await gateway().transactionOutcome(prepared.txId)).toMatchObject({
      status: "confirmed",
      logs: [{ logIndex: 0, from: HOT, to, amountMicro: 300_000_000 }],
    });
    // A signature made with another key is refused by the node.
    const forged = JSON.parse(prepared.payload) as { signature: string[] };
    const other = await gateway().prepareTransfer({ to, amountMicro: 1 });
    const otherTx = JSON.parse(other.payload) as Record<string, unknown>;
    const refused = gateway().broadcast({
      ...other,
      payload: JSON.stringify({ ...otherTx, signature: forged.signature }),
    });
    await expect(refused).rejects.toThrow(/SIGERROR/);
  });

  it("refuses to sign what a lying node built", async () => {
    for (const kind of ["txid", "recipient", "contract"] as const) {
      fake.tamper(kind);
      await expect(
        gateway().prepareTransfer({ to: hd.addressAt(104), amountMicro: 1 }),
        kind,
      ).rejects.toBeInstanceOf(TransferRejected);
    }
    fake.tamper(null);
    expect(fake.sentFrom(HOT).filter((t) => t.to === hd.addressAt(104))).toEqual([]);
  });

  it("turns 429, 5xx, HTML pages and time-outs into ChainUnavailable", async () => {
    const me = hd.addressAt(105);
    for (const fault of ["429", "500", "html", "hang"] as const) {
      fake.failNext("/v1/accounts", fault);
      const started = Date.now();
      await expect(gateway(300).listTransfers(me, { limit: 5 }), fault).rejects.toBeInstanceOf(
        ChainUnavailable,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    expect(await gateway().listTransfers(me, { limit: 5 })).toEqual([]);
  });
});

describe("the wallet on TRON", () => {
  const t = setupTestApp({ config: { chain: "tron" }, chain: () => gateway() });

  async function userWithAddress() {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/wallet/generate",
      headers: bearer(caller.token),
      payload: { type: "trc20" },
    });
    return { caller, address: res.json<{ address: string }>().address };
  }
  const balance = async (caller: Awaited<ReturnType<typeof userWithAddress>>["caller"]) =>
    (await getJson<{ balance: number }>(t.app, caller, "/api/wallet/balance")).balance;

  it("credits a confirmed USDT deposit once, never a fake USDT, a failed or a pending one", async () => {
    const { caller, address } = await userWithAddress();
    const real = fake.addTransaction({ logs: [{ to: address, amountMicro: 40_000_000 }] });
    fake.addTransaction({ logs: [{ to: address, amountMicro: 1_000_000_000, contract: FAKE_USDT }] });
    const failed = fake.addTransaction({ logs: [{ to: address, amountMicro: 70_000_000 }], failed: true });
    const list = await getJson<{ transactions: { txId: string; status: string }[] }>(
      t.app,
      caller,
      "/api/wallet/transactions",
    );
    expect(list.transactions.map((tx) => tx.status)).toEqual(["pending", "pending"]);
    expect(await balance(caller)).toBe(0);
    fake.solidify();
    const owner = { userId: caller.id, address };
    await Promise.all([scanDeposits(t.app.ctx, owner), scanDeposits(t.app.ctx, owner)]);
    const after = await scanDeposits(t.app.ctx, owner);
    expect(after.map((tx) => [tx.txId, tx.status])).toEqual([
      [failed, "failed"],
      [real, "confirmed"],
    ]);
    expect(await balance(caller)).toBe(40);
    expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
  });

  it("keeps the balance unchanged and answers 503 when TronGrid is down", async () => {
    const { caller } = await userWithAddress();
    fake.failNext("/v1/accounts", "500");
    const res = await t.app.inject({ url: "/api/wallet/transactions", headers: bearer(caller.token) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: "CHAIN_UNAVAILABLE",
        message: "The TRON network cannot be reached right now. Please try again in a minute.",
      },
    });
  });

  it("withdraws on TRON: one signed transfer, re-sent after a crash without a second one, then posted", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    await t.app.inject({
      method: "POST",
      url: "/api/devnet/fund-wallet",
      payload: { email: caller.email, amount: 1 },
    });
    // No devnet on TRON: fund through a deposit instead.
    const { address } = (
      await t.app.inject({
        method: "POST",
        url: "/api/wallet/generate",
        headers: bearer(caller.token),
        payload: { type: "trc20" },
      })
    ).json<{ address: string }>();
    fake.solidify(fake.addTransaction({ logs: [{ to: address, amountMicro: 300_000_000 }] }));
    await scanDeposits(t.app.ctx, { userId: caller.id, address });
    fake.setBalance(HOT, 10_000_000_000);
    const to = hd.addressAt(200);

    const res = await t.app.inject({
      method: "POST",
      url: "/api/wallet/token/transfer",
      headers: { ...bearer(caller.token), "idempotency-key": randomKey() },
      payload: { to, amount: 300 },
    });
    expect(res.statusCode).toBe(202);
    const { id } = res.json<{ withdrawal: { id: string } }>().withdrawal;
    await t.app.ctx.background.drain();
    const db = t.database.handle.db;
    const row = await db.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("broadcast");
    await db.updateTable("withdrawals").set({ status: "signed" }).where("id", "=", id).execute();
    expect(await advanceWithdrawal(t.app.ctx, id)).toBe("broadcast");
    fake.solidify(row.tx_id as string);
    expect(await advanceWithdrawal(t.app.ctx, id)).toBe("confirmed");
    expect(fake.sentFrom(HOT).filter((sent) => sent.to === to)).toEqual([
      { txId: row.tx_id, to, amountMicro: 300_000_000 },
    ]);
    expect(fake.broadcasts(row.tx_id as string)).toBe(1);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});
