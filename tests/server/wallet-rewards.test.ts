/**
 * Rewards withdrawal, the wallet's balance and history, the demo treasury and devnet funding
 * (docs/design.md §4; docs/api.md, Wallet and Local devnet).
 */
import { describe, expect, it } from "vitest";
import { seedDemoTreasury } from "#server/domain/ledger/demo-treasury.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { ACHIEVEMENT_REWARD_DEFAULTS } from "#server/settings.ts";
import {
  type Caller,
  fixtureAdminToken,
  fundViaDevnet,
  getJson,
  randomKey,
  sessionCaller,
  snapshot,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import { bearer, errorBody, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();
/** A user's first withdrawal also unlocks `first-withdrawal`, whose reward joins the points it leaves. */
const FIRST_WITHDRAWAL = ACHIEVEMENT_REWARD_DEFAULTS["first-withdrawal"];

async function newCaller(usdt = 0, points = 0): Promise<Caller> {
  const caller = sessionCaller(await signUpAndLogIn(t.app));
  if (usdt > 0 || points > 0) {
    const res = await fundViaDevnet(t.app, caller.email, usdt, points > 0 ? points : undefined);
    expect(res.statusCode).toBe(200);
  }
  return caller;
}

const balanceOf = async (id: string) =>
  (
    await t.database.handle.db
      .selectFrom("ledger_accounts")
      .select("balance_micro")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).balance_micro;

describe("POST /wallet/withdraw-rewards", () => {
  it("moves points into the wallet at 1 point = 1 USDT, paid by the treasury", async () => {
    const caller = await newCaller(1, 5);
    const treasury = await balanceOf("treasury");
    const res = await withdrawRewards(t.app, caller, { amount: 2.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      points: 2.5 + FIRST_WITHDRAWAL,
      totalTaps: 0,
      walletBalance: 3.5,
    });
    expect(await balanceOf("treasury")).toBe(treasury - 2_500_000);
    const history = await getJson<{ transactions: unknown[] }>(t.app, caller, "/api/wallet/history");
    expect(history.transactions[0]).toEqual({
      id: expect.any(String),
      type: "deposit",
      amount: 2.5,
      description: "Rewards withdrawal",
      timestamp: expect.any(String),
      status: "completed",
    });
  });

  it("dates its answer with the taps credited so far", async () => {
    const caller = await newCaller(0, 1);
    expect((await syncTaps(t.app, caller, { taps: 4 })).statusCode).toBe(200);
    const res = await withdrawRewards(t.app, caller, { amount: 1 });
    expect(res.json()).toEqual({
      success: true,
      points: 0.004 + FIRST_WITHDRAWAL,
      totalTaps: 4,
      walletBalance: 1,
    });
  });

  it("allows the whole balance and answers 409 INSUFFICIENT_BALANCE for a micro-point more", async () => {
    const caller = await newCaller(0, 3);
    const over = await withdrawRewards(t.app, caller, { amount: 3.000001 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(errorBody("INSUFFICIENT_BALANCE", "Insufficient balance"));
    const all = await withdrawRewards(t.app, caller, { amount: 3 });
    expect(all.json()).toEqual({ success: true, points: FIRST_WITHDRAWAL, totalTaps: 0, walletBalance: 3 });
    const reward = await withdrawRewards(t.app, caller, { amount: FIRST_WITHDRAWAL });
    expect(reward.json()).toEqual({
      success: true,
      points: 0,
      totalTaps: 0,
      walletBalance: 3 + FIRST_WITHDRAWAL,
    });
    expect((await withdrawRewards(t.app, caller, { amount: 0.000001 })).statusCode).toBe(409);
  });

  it("never overdraws the treasury: 409 INSUFFICIENT_POOL_BALANCE and nothing changes", async () => {
    const caller = await newCaller(0, 500_000);
    const before = await snapshot(t.app, caller);
    const res = await withdrawRewards(t.app, caller, { amount: (await balanceOf("treasury")) / 1e6 + 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("INSUFFICIENT_POOL_BALANCE");
    expect(await snapshot(t.app, caller)).toEqual(before);
  });

  it("pays amount / POINTS_PER_USDT, rounded down to the micro-USDT; 422 when that is nothing", async () => {
    const app = await t.buildAnother({ config: { pointsPerUsdt: 4 } });
    const caller = await newCaller(0, 10);
    const res = await withdrawRewards(app, caller, { amount: 2.5 });
    expect(res.json()).toEqual({
      success: true,
      points: 7.5 + FIRST_WITHDRAWAL,
      totalTaps: 0,
      walletBalance: 0.625,
    });
    const odd = await withdrawRewards(app, caller, { amount: 0.000007 });
    expect(odd.json()).toEqual({
      success: true,
      points: (7_499_993 + FIRST_WITHDRAWAL * 1e6) / 1e6,
      totalTaps: 0,
      walletBalance: 0.625001,
    });
    // 0.000003 points are worth 0.00000075 USDT: checked (422) before the balance (409).
    const tiny = await withdrawRewards(app, caller, { amount: 0.000003 });
    expect(tiny.statusCode).toBe(422);
    expect(tiny.json().error.code).toBe("BELOW_MINIMUM");
  });

  it("is idempotent by key: a replay answers the stored result and pays once", async () => {
    const caller = await newCaller(0, 10);
    const key = randomKey();
    const first = await withdrawRewards(t.app, caller, { amount: 4 }, key);
    const again = await withdrawRewards(t.app, caller, { amount: 4 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await getJson(t.app, caller, "/api/wallet/balance")).toEqual({ success: true, balance: 4 });
    expect((await withdrawRewards(t.app, caller, { amount: 5 }, key)).statusCode).toBe(422);
  });
});

describe("GET /wallet/balance and /wallet/history", () => {
  it("starts at zero with an empty history", async () => {
    const caller = await newCaller();
    expect(await getJson(t.app, caller, "/api/wallet/balance")).toEqual({ success: true, balance: 0 });
    expect(await getJson(t.app, caller, "/api/wallet/history")).toEqual({
      transactions: [],
      nextCursor: null,
    });
  });

  it("lists movements newest first across pages, with positive amounts and the direction in `type`", async () => {
    const caller = await newCaller();
    for (const amount of [1, 2, 3]) {
      await fundViaDevnet(t.app, caller.email, amount);
      t.clock.advance(1000);
    }
    await fundViaDevnet(t.app, caller.email, 0, 100);
    await t.app.inject({
      method: "POST",
      url: "/api/wallet/multipliers/purchase",
      headers: { ...bearer(caller.token), "idempotency-key": randomKey() },
      payload: { multiplier_value: 0.002 },
    });
    const first = await getJson<{ transactions: { type: string; amount: number }[]; nextCursor: string }>(
      t.app,
      caller,
      "/api/wallet/history?limit=2",
    );
    expect(first.transactions.map((tx) => [tx.type, tx.amount])).toEqual([
      ["purchase", 5],
      ["deposit", 3],
    ]);
    const rest = await getJson<{ transactions: { type: string; amount: number }[]; nextCursor: null }>(
      t.app,
      caller,
      `/api/wallet/history?limit=2&cursor=${first.nextCursor}`,
    );
    expect(rest.transactions.map((tx) => [tx.type, tx.amount])).toEqual([
      ["deposit", 2],
      ["deposit", 1],
    ]);
    expect(rest.nextCursor).toBeNull();
  });

  it("needs a token", async () => {
    for (const url of ["/api/wallet/balance", "/api/wallet/history", "/api/wallet/multipliers"]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe("the demo treasury (CHAIN=local)", () => {
  it("is seeded once with DEMO_TREASURY_USDT from external, however often the app starts", async () => {
    await t.buildAnother();
    await t.buildAnother({ config: { demoTreasuryUsdt: 5 } });
    expect(await seedDemoTreasury(t.database.handle.db, 1_000_000, t.clock())).toBe(false);
    const seeds = await t.database.handle.db
      .selectFrom("ledger_transfers")
      .select(["debit_account", "credit_account", "amount_micro"])
      .where("kind", "=", "seed")
      .execute();
    expect(seeds).toEqual([
      { debit_account: "external", credit_account: "treasury", amount_micro: 100_000_000_000 },
    ]);
  });
});

describe("POST /devnet/fund-wallet", () => {
  it("funds a wallet from the treasury and grants points; answers the new balance", async () => {
    const caller = await newCaller();
    const res = await fundViaDevnet(t.app, caller.email.toUpperCase(), 12.5, 150);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, balance: 12.5, points: 150 });
    expect(await getJson(t.app, caller, `/api/user/${caller.id}/points`)).toEqual({
      points: 150,
      totalTaps: 0,
    });
  });

  it("is an admin's tool: 401 anonymous, 403 for a user (even from this machine), and audited", async () => {
    const caller = await newCaller();
    const grant = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/devnet/fund-wallet",
        payload: { email: caller.email, amount: 1, points: 500 },
        headers,
      });
    expect((await grant({})).statusCode).toBe(401);
    expect((await grant(bearer(caller.token))).statusCode).toBe(403);
    expect(await getJson(t.app, caller, "/api/wallet/balance")).toEqual({ success: true, balance: 0 });
    expect((await grant(bearer(await fixtureAdminToken(t.app)))).statusCode).toBe(200);
    const audit = await t.app.inject({
      url: "/api/admin/audit-log",
      headers: bearer(await fixtureAdminToken(t.app)),
    });
    expect(audit.json().items[0]).toMatchObject({ action: "devnet-fund", target: caller.email, amount: 1 });
  });

  it("answers 404 for an unknown email and 409 when the treasury cannot pay", async () => {
    expect((await fundViaDevnet(t.app, "nobody@example.com", 1)).statusCode).toBe(404);
    const caller = await newCaller();
    const res = await fundViaDevnet(t.app, caller.email, (await balanceOf("treasury")) / 1e6 + 0.000001);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("INSUFFICIENT_POOL_BALANCE");
  });

  it("does not exist unless the chain is local, nor in production, nor behind a proxy", async () => {
    const caller = await newCaller();
    for (const config of [
      { chain: "tron" as const },
      { production: true },
      { trustProxy: true },
      { trustProxy: 1 },
    ]) {
      const app = await t.buildAnother({ config });
      for (const [method, url, payload] of [
        ["POST", "/api/devnet/fund-wallet", { email: caller.email, amount: 1 }],
        ["POST", "/api/devnet/deposit", { address: "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K", amount: 1 }],
        ["GET", `/api/devnet/transactions/${"a".repeat(64)}`, undefined],
      ] as const) {
        const res = await app.inject({
          method,
          url,
          headers: bearer(await fixtureAdminToken(app)),
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${JSON.stringify(config)} ${url}`).toBe(404);
      }
    }
  });
});

it("leaves the ledger and points consistent", async () => {
  expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
});
