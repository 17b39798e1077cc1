/**
 * The wallet on the local devnet (docs/design.md §6; docs/api.md, Wallet, PATCH /user/{id} in User, and Local
 * devnet): deposit addresses, deposits credited exactly once, USDT withdrawals from reserve to confirmation
 * or refund, a crash after the broadcast, and the routes' bad inputs. TRON itself is covered in
 * wallet-tron.test.ts.
 */
import { describe, expect, it } from "vitest";
import { isTronAddress } from "#contracts/tron-address.ts";
import { createHdWallet } from "#server/chain/keys.ts";
import { DEVNET_CONFIRM_MS, DEVNET_FAUCET } from "#server/chain/local/devnet-gateway.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { scanAllDeposits } from "#server/domain/wallet/deposits.ts";
import { advanceOpenWithdrawals, advanceWithdrawal } from "#server/domain/wallet/usdt-withdrawal.ts";
import {
  type Caller,
  fundViaDevnet,
  getJson,
  randomKey,
  sessionCaller,
  snapshot,
} from "./helpers/rewards.ts";
import {
  bearer,
  setupTestApp,
  signUpAndLogIn,
  TEST_MNEMONIC,
  withdrawalsUnheld,
} from "./helpers/test-app.ts";

// The chain path: withdrawals go out without review (WITHDRAWAL_REVIEW_FIRST=false, no amount held).
const t = setupTestApp({ config: withdrawalsUnheld() });
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string } }>().error;
const hd = createHdWallet(TEST_MNEMONIC);
const ctx = () => t.app.ctx;
const db = () => t.database.handle.db;

async function newCaller(usdt = 0): Promise<Caller> {
  const caller = sessionCaller(await signUpAndLogIn(t.app));
  if (usdt > 0) expect((await fundViaDevnet(t.app, caller.email, usdt)).statusCode).toBe(200);
  return caller;
}

const generate = (caller: Caller, payload: unknown = { type: "trc20" }) =>
  t.app.inject({
    method: "POST",
    url: "/api/wallet/generate",
    headers: bearer(caller.token),
    payload: payload as object,
  });

async function addressOf(caller: Caller): Promise<string> {
  const res = await generate(caller);
  expect(res.statusCode).toBe(200);
  return res.json<{ address: string }>().address;
}

const devnetDeposit = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/devnet/deposit", payload });

type ChainList = {
  transactions: { type: string; value: number; txId: string; status: string; timestamp: string }[];
};
const chainTransactions = (caller: Caller) => getJson<ChainList>(t.app, caller, "/api/wallet/transactions");
const walletBalance = async (caller: Caller) =>
  (await getJson<{ balance: number }>(t.app, caller, "/api/wallet/balance")).balance;

const transferUsdt = (caller: Caller, body: Record<string, unknown>, key: string | null = randomKey()) =>
  t.app.inject({
    method: "POST",
    url: "/api/wallet/token/transfer",
    headers: { ...bearer(caller.token), ...(key === null ? {} : { "idempotency-key": key }) },
    payload: body,
  });

const confirmBlocks = () => t.clock.advance(DEVNET_CONFIRM_MS + 1);

describe("POST /wallet/generate and PATCH /user/{id}", () => {
  it("gives each user one real TRON address from the HD seed, the same on every call, saved on the record", async () => {
    const first = await newCaller();
    const second = await newCaller();
    const address = await addressOf(first);
    expect(isTronAddress(address)).toBe(true);
    expect(await addressOf(first)).toBe(address);
    const other = await addressOf(second);
    expect(other).not.toBe(address);
    const row = await db()
      .selectFrom("deposit_addresses")
      .selectAll()
      .where("address", "=", address)
      .executeTakeFirstOrThrow();
    expect(hd.addressAt(row.hd_index)).toBe(address);
    expect(row.hd_index).toBeGreaterThan(0);
    const user = await getJson<{ trc20_address: string }>(t.app, first, `/api/user/${first.id}`);
    expect(user.trc20_address).toBe(address);
  });

  it("hands out one address under concurrent calls", async () => {
    const caller = await newCaller();
    const answers = await Promise.all(Array.from({ length: 8 }, () => generate(caller)));
    const addresses = new Set(answers.map((res) => res.json<{ address: string }>().address));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(addresses.size).toBe(1);
  });

  it("saves only the generated address on the user record, and refuses anything else unchanged", async () => {
    const caller = await newCaller();
    const patch = (payload: unknown) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/user/${caller.id}`,
        headers: bearer(caller.token),
        payload: payload as object,
      });
    expect((await patch({ trc20_address: hd.addressAt(0) })).statusCode).toBe(400);
    const address = await addressOf(caller);
    const refused = await patch({ trc20_address: hd.addressAt(0) });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe("VALIDATION_ERROR");
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ trc20_address: address, role: "admin" })).statusCode).toBe(400);
    const saved = await patch({ trc20_address: address, name: " Grace " });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ trc20_address: address, name: "Grace", role: "user" });
    expect((await patch({ name: "   " })).statusCode).toBe(400);
    const other = await newCaller();
    const foreign = await t.app.inject({
      method: "PATCH",
      url: `/api/user/${caller.id}`,
      headers: bearer(other.token),
      payload: { name: "Mallory" },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await getJson(t.app, caller, `/api/user/${caller.id}`)).name).toBe("Grace");
  });

  it("refuses another wallet type", async () => {
    const caller = await newCaller();
    expect((await generate(caller, { type: "erc20" })).statusCode).toBe(400);
    expect(
      await db().selectFrom("deposit_addresses").select("user_id").where("user_id", "=", caller.id).execute(),
    ).toEqual([]);
  });
});

describe("token info and balance", () => {
  it("names USDT on TRC20 with the devnet's contract and explorer, and the balance is null before an address", async () => {
    const caller = await newCaller();
    const info = await getJson(t.app, caller, "/api/wallet/token/info");
    expect(info).toEqual({
      success: true,
      symbol: "USDT",
      decimals: 6,
      network: "TRC20",
      contract: ctx().chain.contract,
      explorer: "http://taprewards.test/api/devnet/transactions/",
    });
    expect(isTronAddress(info.contract as string)).toBe(true);
    expect(await getJson(t.app, caller, "/api/wallet/token/balance")).toEqual({
      success: true,
      balance: null,
    });
    expect(await chainTransactions(caller)).toEqual({ success: true, transactions: [] });
  });
});

describe("deposits", () => {
  it("credits a devnet deposit once it confirms, exactly once however often it is scanned", async () => {
    const caller = await newCaller();
    const address = await addressOf(caller);
    const sent = await devnetDeposit({ address, amount: 123.456789 });
    expect(sent.statusCode).toBe(200);
    const { txId } = sent.json<{ txId: string }>();

    const pending = await chainTransactions(caller);
    expect(pending.transactions).toEqual([
      { type: "receive", value: 123.456789, txId, status: "pending", timestamp: expect.any(String) },
    ]);
    expect(await walletBalance(caller)).toBe(0);

    confirmBlocks();
    const scans = await Promise.all([
      chainTransactions(caller),
      scanAllDeposits(ctx()),
      chainTransactions(caller),
    ]);
    expect(scans[0].transactions[0]?.status).toBe("confirmed");
    await scanAllDeposits(ctx());
    expect(await walletBalance(caller)).toBe(123.456789);
    expect(await getJson(t.app, caller, "/api/wallet/token/balance")).toEqual({
      success: true,
      balance: 123.456789,
    });
    const history = await getJson<{ transactions: { type: string; description: string; amount: number }[] }>(
      t.app,
      caller,
      "/api/wallet/history",
    );
    expect(history.transactions.filter((entry) => entry.description === "USDT deposit")).toEqual([
      expect.objectContaining({ type: "deposit", amount: 123.456789 }),
    ]);
    expect(
      await db().selectFrom("chain_deposits").selectAll().where("tx_id", "=", txId).execute(),
    ).toHaveLength(1);
  });

  it("survives a restart: another process over the same database credits nothing twice", async () => {
    const caller = await newCaller();
    const address = await addressOf(caller);
    await devnetDeposit({ address, amount: 5 });
    confirmBlocks();
    await chainTransactions(caller);
    const restarted = await t.buildAnother({ config: withdrawalsUnheld() });
    await scanAllDeposits(restarted.ctx);
    await Promise.all([scanAllDeposits(restarted.ctx), scanAllDeposits(ctx())]);
    expect(await walletBalance(caller)).toBe(5);
  });

  it("never credits a failed transaction, and hides zero-value transfers", async () => {
    const caller = await newCaller();
    const address = await addressOf(caller);
    const failed = (await devnetDeposit({ address, amount: 50, failed: true })).json<{ txId: string }>().txId;
    const zero = await ctx().chain.listTransfers(address, { limit: 1 }); // nothing yet but the failed one
    expect(zero).toHaveLength(1);
    await (ctx().chain as unknown as { deposit: (r: object) => Promise<string> }).deposit({
      to: address,
      amountMicro: 0,
    });
    confirmBlocks();
    const list = await chainTransactions(caller);
    expect(list.transactions).toEqual([
      { type: "receive", value: 50, txId: failed, status: "failed", timestamp: expect.any(String) },
    ]);
    await scanAllDeposits(ctx());
    expect(await walletBalance(caller)).toBe(0);
  });

  it("refuses a bad devnet deposit without recording anything", async () => {
    const caller = await newCaller();
    const address = await addressOf(caller);
    const flipped = `${address.slice(0, -1)}${address.endsWith("a") ? "b" : "a"}`;
    const before = await db().selectFrom("devnet_transfers").select("tx_id").execute();
    for (const payload of [
      { address: flipped, amount: 1 },
      { address, amount: 0 },
      { address, amount: 1.0000001 },
      { address, amount: "1" },
      { address, amount: 1, extra: true },
    ]) {
      expect((await devnetDeposit(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const remote = await t.app.inject({
      method: "POST",
      url: "/api/devnet/deposit",
      payload: { address, amount: 1 },
      remoteAddress: "203.0.113.9",
    });
    expect(remote.statusCode).toBe(403);
    expect(await db().selectFrom("devnet_transfers").select("tx_id").execute()).toHaveLength(before.length);
  });

  it("shows a devnet transaction on the explorer page the wallet links to", async () => {
    const caller = await newCaller();
    const address = await addressOf(caller);
    const { txId } = (await devnetDeposit({ address, amount: 2 })).json<{ txId: string }>();
    const res = await t.app.inject({ url: `/api/devnet/transactions/${txId}` });
    expect(res.json()).toMatchObject({ txId, from: DEVNET_FAUCET, to: address, amount: 2, token: "USDT" });
    expect((await t.app.inject({ url: `/api/devnet/transactions/${"0".repeat(64)}` })).statusCode).toBe(404);
  });
});

describe("POST /wallet/token/transfer", () => {
  const destination = hd.addressAt(5000);

  it("refuses bad input with a clear error and changes nothing", async () => {
    const caller = await newCaller(400);
    const before = await snapshot(t.app, caller);
    const flipped = `${destination.slice(0, 5)}${destination[5] === "a" ? "b" : "a"}${destination.slice(6)}`;
    const cases: [Record<string, unknown>, string | null, number, string][] = [
      [{ to: destination, amount: 300 }, null, 400, "VALIDATION_ERROR"],
      [{ to: flipped, amount: 300 }, randomKey(), 400, "VALIDATION_ERROR"],
      [
        { to: "0x0000000000000000000000000000000000000000", amount: 300 },
        randomKey(),
        400,
        "VALIDATION_ERROR",
      ],
      [{ to: destination, amount: 300.0000001 }, randomKey(), 400, "VALIDATION_ERROR"],
      [{ to: destination, amount: -300 }, randomKey(), 400, "VALIDATION_ERROR"],
      [{ to: destination, amount: "300" }, randomKey(), 400, "VALIDATION_ERROR"],
      [{ to: destination, amount: 300, memo: "x" }, randomKey(), 400, "VALIDATION_ERROR"],
      [{ to: destination, amount: 299.999999 }, randomKey(), 422, "BELOW_MINIMUM"],
      [{ to: destination, amount: 400.000001 }, randomKey(), 409, "INSUFFICIENT_BALANCE"],
    ];
    for (const [body, key, status, code] of cases) {
      const res = await transferUsdt(caller, body, key);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(res).code).toBe(code);
    }
    const insufficient = await transferUsdt(caller, { to: destination, amount: 1000 });
    expect(errorOf(insufficient).message).toBe("Insufficient balance for withdrawal");
    expect(await snapshot(t.app, caller)).toEqual(before);
    expect(
      await db().selectFrom("withdrawals").select("id").where("user_id", "=", caller.id).execute(),
    ).toEqual([]);
  });

  it("reserves, broadcasts from the hot wallet, and posts on confirmation: pending, then completed", async () => {
    const caller = await newCaller(350);
    const key = randomKey();
    const res = await transferUsdt(caller, { to: destination, amount: 300 }, key);
    expect(res.statusCode).toBe(202);
    const answer = res.json<{ withdrawal: { id: string } }>();
    expect(answer).toEqual({
      success: true,
      withdrawal: { id: expect.any(String), status: "pending", amount: 300, to: destination },
    });
    expect(await walletBalance(caller)).toBe(50);
    await ctx().background.drain();
    const row = await db()
      .selectFrom("withdrawals")
      .selectAll()
      .where("id", "=", answer.withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("broadcast");
    const history = () =>
      getJson<{ transactions: { type: string; status: string; description: string }[] }>(
        t.app,
        caller,
        "/api/wallet/history",
      );
    expect((await history()).transactions[0]).toMatchObject({ type: "withdraw", status: "pending" });

    // The same request again answers the same, and moves nothing.
    const replay = await transferUsdt(caller, { to: destination, amount: 300 }, key);
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toEqual(answer);
    expect((await transferUsdt(caller, { to: destination, amount: 301 }, key)).statusCode).toBe(422);

    const status = (who: Caller) =>
      t.app.inject({ url: `/api/wallet/withdrawals/${answer.withdrawal.id}`, headers: bearer(who.token) });
    expect((await status(caller)).json()).toEqual({
      id: answer.withdrawal.id,
      status: "pending",
      amount: 300,
      to: destination,
      txId: row.tx_id,
      reason: null,
    });
    expect((await status(await newCaller())).statusCode).toBe(404);
    await ctx().background.drain(); // the replay's after-answer task holds the row's lease until done
    confirmBlocks();
    await advanceOpenWithdrawals(ctx());
    expect((await history()).transactions[0]).toMatchObject({ type: "withdraw", status: "completed" });
    expect((await status(caller)).json()).toMatchObject({ status: "confirmed" });
    const sent = await db()
      .selectFrom("devnet_transfers")
      .selectAll()
      .where("tx_id", "=", row.tx_id as string)
      .execute();
    expect(sent).toEqual([
      expect.objectContaining({
        from_address: hd.addressAt(0),
        to_address: destination,
        amount_micro: 300_000_000,
        status: "success",
      }),
    ]);
    expect(await walletBalance(caller)).toBe(50);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("arrives as the other user's deposit when sent to their deposit address", async () => {
    const sender = await newCaller(300);
    const receiver = await newCaller();
    const to = await addressOf(receiver);
    expect((await transferUsdt(sender, { to, amount: 300 })).statusCode).toBe(202);
    await ctx().background.drain();
    confirmBlocks();
    await advanceOpenWithdrawals(ctx());
    await scanAllDeposits(ctx());
    expect(await walletBalance(receiver)).toBe(300);
    expect(await walletBalance(sender)).toBe(0);
  });

  it("releases the amount when the chain refuses the transfer, exactly once", async () => {
    const caller = await newCaller(1000);
    // Drain the devnet hot wallet below the amount, so the transfer reverts on chain.
    const hotBalance = await ctx().chain.tokenBalanceMicro(hd.addressAt(0));
    await db()
      .insertInto("devnet_transfers")
      .values({
        tx_id: "f".repeat(64),
        block_number: 1,
        from_address: hd.addressAt(0),
        to_address: DEVNET_FAUCET,
        amount_micro: hotBalance,
        status: "success",
        failure_reason: null,
        created_at: t.clock(),
        confirms_at: t.clock(),
      })
      .execute();
    const res = await transferUsdt(caller, { to: destination, amount: 1000 });
    expect(res.statusCode).toBe(202);
    const { id } = res.json<{ withdrawal: { id: string } }>().withdrawal;
    await ctx().background.drain();
    confirmBlocks();
    await Promise.all([advanceWithdrawal(ctx(), id), advanceWithdrawal(ctx(), id)]);
    await advanceOpenWithdrawals(ctx());
    expect(await walletBalance(caller)).toBe(1000);
    const history = await getJson<{ transactions: { type: string; status: string; description: string }[] }>(
      t.app,
      caller,
      "/api/wallet/history",
    );
    expect(history.transactions.slice(0, 2)).toEqual([
      expect.objectContaining({ type: "deposit", description: "Withdrawal refund", status: "completed" }),
      expect.objectContaining({ type: "withdraw", status: "failed" }),
    ]);
    // Put the hot wallet back for the other tests.
    await db().deleteFrom("devnet_transfers").where("tx_id", "=", "f".repeat(64)).execute();
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("does not send twice when the process dies right after broadcasting", async () => {
    const caller = await newCaller(300);
    const to = hd.addressAt(6000);
    const res = await transferUsdt(caller, { to, amount: 300 });
    const { id } = res.json<{ withdrawal: { id: string } }>().withdrawal;
    // The after-answer task has broadcast it; a process dying before recording that leaves the row "signed".
    await ctx().background.drain();
    await db().updateTable("withdrawals").set({ status: "signed" }).where("id", "=", id).execute();
    const crash = new Error("process died");
    await expect(advanceWithdrawal(ctx(), id, { afterBroadcast: () => Promise.reject(crash) })).rejects.toBe(
      crash,
    );
    const restarted = await t.buildAnother({ config: withdrawalsUnheld() });
    expect(await advanceWithdrawal(restarted.ctx, id)).toBe("broadcast");
    confirmBlocks();
    expect(await advanceWithdrawal(restarted.ctx, id)).toBe("confirmed");
    expect(await advanceWithdrawal(ctx(), id)).toBe("confirmed");
    const sent = await db().selectFrom("devnet_transfers").selectAll().where("to_address", "=", to).execute();
    expect(sent).toEqual([expect.objectContaining({ amount_micro: 300_000_000, status: "success" })]);
    const posted = await db()
      .selectFrom("ledger_transfers")
      .select("id")
      .where("kind", "=", "withdrawal-sent")
      .where("reference", "=", id)
      .execute();
    expect(posted).toHaveLength(1);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("50 parallel withdrawals of one balance: exactly one is accepted", async () => {
    const caller = await newCaller(300);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => transferUsdt(caller, { to: destination, amount: 300 })),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 202)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(await walletBalance(caller)).toBe(0);
    await ctx().background.drain();
    expect(
      await db().selectFrom("withdrawals").select("id").where("user_id", "=", caller.id).execute(),
    ).toHaveLength(1);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });
});

describe("the devnet as a chain", () => {
  it("refuses a transfer whose contents or signature were changed after signing, and sends nothing", async () => {
    const gateway = t.app.ctx.chain;
    const to = hd.addressAt(7000);
    const prepared = await gateway.prepareTransfer({ to, amountMicro: 1_000_000 });
    const payload = JSON.parse(prepared.payload) as Record<string, unknown>;
    const redirected = { ...prepared, payload: JSON.stringify({ ...payload, to: hd.addressAt(7001) }) };
    await expect(gateway.broadcast(redirected)).rejects.toThrow(/does not match its contents/);
    const signature = String(payload.signature);
    const forged = `${signature.slice(0, 10)}${signature[10] === "0" ? "1" : "0"}${signature.slice(11)}`;
    await expect(
      gateway.broadcast({ ...prepared, payload: JSON.stringify({ ...payload, signature: forged }) }),
    ).rejects.toThrow(/SIGERROR/);
    expect(await gateway.transactionOutcome(prepared.txId)).toEqual({ status: "unknown" });
    await gateway.broadcast(prepared);
    await gateway.broadcast(prepared);
    expect(await gateway.transactionOutcome(prepared.txId)).toEqual({ status: "pending" });
    t.clock.advance(DEVNET_CONFIRM_MS + 1);
    expect(await gateway.transactionOutcome(prepared.txId)).toMatchObject({
      status: "confirmed",
      logs: [{ logIndex: 0, from: hd.addressAt(0), to, amountMicro: 1_000_000 }],
    });
    expect(await gateway.tokenBalanceMicro(to)).toBe(1_000_000);
  });

  it("refuses an expired transfer", async () => {
    const gateway = t.app.ctx.chain;
    const prepared = await gateway.prepareTransfer({ to: hd.addressAt(7002), amountMicro: 1 });
    t.clock.advance(61_000);
    await expect(gateway.broadcast(prepared)).rejects.toThrow(/EXPIRATION/);
    expect(await gateway.transactionOutcome(prepared.txId)).toEqual({ status: "unknown" });
  });
});
