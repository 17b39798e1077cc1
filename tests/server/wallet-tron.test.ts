/**
 * The wallet on TRON (docs/design.md §6): the deposit watcher and USDT withdrawals through the TronGrid
 * gateway, against the fake TronGrid on loopback. Only our token is credited, exactly once, never a failed or
 * pending transfer; a withdrawal is signed once and re-sent after a crash without a second transfer; TronGrid
 * down is a 503 that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHdWallet } from "#server/chain/keys.ts";
import { createTronGateway } from "#server/chain/tron/tron-gateway.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { scanDeposits } from "#server/domain/wallet/deposits.ts";
import { advanceWithdrawal } from "#server/domain/wallet/usdt-withdrawal.ts";
import { type FakeTronGrid, OTHER_TOKEN, startFakeTronGrid } from "../chain/fake-trongrid.ts";
import { getJson, randomKey, sessionCaller } from "./helpers/rewards.ts";
import {
  bearer,
  setupTestApp,
  signUpAndLogIn,
  TEST_MNEMONIC,
  withdrawalsUnheld,
} from "./helpers/test-app.ts";

const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const FAKE_USDT = OTHER_TOKEN;
const hd = createHdWallet(TEST_MNEMONIC);
const HOT = hd.addressAt(0);

let fake: FakeTronGrid;
const gateway = () =>
  createTronGateway({
    apiUrl: fake.url,
    apiKey: "test-key",
    contract: USDT,
    explorer: "https://tronscan.org/#/transaction/",
    feeLimitSun: 100_000_000,
    pollIntervalMs: 1_000,
    wallet: hd,
    timeoutMs: 2_000,
  });

beforeAll(async () => {
  fake = await startFakeTronGrid({ contract: USDT });
});
afterAll(async () => {
  await fake.close();
});

describe("the wallet on TRON", () => {
  // The chain path: withdrawals go out without review (WITHDRAWAL_REVIEW_FIRST=false, no amount held).
  const t = setupTestApp({ config: { chain: "tron", ...withdrawalsUnheld() }, chain: () => gateway() });

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
