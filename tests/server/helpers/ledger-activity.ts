/**
 * A ledger that has lived a little, for the operations suites (reconciliation, backups): a deposit credited
 * from the devnet, a funding from the treasury, a USDT withdrawal sent and confirmed, taps. Everything goes
 * through the routes and the worker functions the server runs, on the suite's clock.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { createHdWallet } from "#server/chain/keys.ts";
import { DEVNET_CONFIRM_MS } from "#server/chain/local/devnet-gateway.ts";
import { scanAllDeposits } from "#server/domain/wallet/deposits.ts";
import { advanceOpenWithdrawals } from "#server/domain/wallet/usdt-withdrawal.ts";
import { type Caller, fundViaDevnet, sessionCaller, syncTaps } from "./rewards.ts";
import { bearer, signUpAndLogIn, TEST_MNEMONIC, type TestApp } from "./test-app.ts";

/** What these steps need of a suite: its app and its clock. */
export type Suite = Pick<TestApp, "app" | "clock">;

/** An address outside the platform (far past any user's index) that withdrawals go to. */
export const OUTSIDE_ADDRESS = createHdWallet(TEST_MNEMONIC).addressAt(900_000);

export async function depositAddressOf(t: Suite, caller: Caller): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/wallet/generate",
    headers: bearer(caller.token),
    payload: { type: "trc20" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ address: string }>().address;
}

/** Test USDT from the devnet's faucet to an address (not yet confirmed, not yet credited). */
export async function devnetDeposit(t: Suite, address: string, amount: number): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/devnet/deposit",
    payload: { address, amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ txId: string }>().txId;
}

/** Lets the devnet confirm what it holds and runs the chain worker's round once. */
export async function settleChain(t: Suite): Promise<void> {
  await t.app.ctx.background.drain();
  t.clock.advance(DEVNET_CONFIRM_MS + 1);
  await scanAllDeposits(t.app.ctx);
  await advanceOpenWithdrawals(t.app.ctx);
}

export interface Activity {
  depositor: Caller;
  withdrawer: Caller;
  depositAddress: string;
}

export async function liveALittle(t: Suite): Promise<Activity> {
  const depositor = sessionCaller(await signUpAndLogIn(t.app));
  const withdrawer = sessionCaller(await signUpAndLogIn(t.app));
  const depositAddress = await depositAddressOf(t, depositor);
  await devnetDeposit(t, depositAddress, 500);
  expect((await fundViaDevnet(t.app, withdrawer.email, 350, 40)).statusCode).toBe(200);
  const withdrawal = await t.app.inject({
    method: "POST",
    url: "/api/wallet/token/transfer",
    headers: { ...bearer(withdrawer.token), "idempotency-key": `key-${randomUUID()}` },
    payload: { to: OUTSIDE_ADDRESS, amount: 300 },
  });
  expect(withdrawal.statusCode, withdrawal.body).toBe(202);
  // Sent, not held: the suite's app has WITHDRAWAL_REVIEW_FIRST=false (withdrawalsUnheld).
  expect(withdrawal.json<{ withdrawal: { status: string } }>().withdrawal.status).toBe("pending");
  expect((await syncTaps(t.app, depositor, { taps: 25 })).statusCode).toBe(200);
  await settleChain(t);
  // The withdrawal was broadcast in the first round; this one sees it confirmed and posts it.
  await settleChain(t);
  return { depositor, withdrawer, depositAddress };
}
