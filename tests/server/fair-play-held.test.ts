/**
 * Held USDT withdrawals (docs/fair-play.md, Held withdrawals): held by each of the three rules and not
 * otherwise, never touched by the chain worker while held, approved (then sent as any other) or rejected (the
 * reserved amount back) exactly once under 20 concurrent decisions, audited, pushed live, shown in the
 * player's history, and queued for the admins. A frozen or banned account is refused.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { AWAITING_REVIEW } from "#contracts/fair-play-rules.ts";
import { leaseWithdrawal } from "#server/db/repos/withdrawals.repo.ts";
import { rejectHeldWithdrawalsOf } from "#server/domain/fair-play/held-withdrawals.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { transactionWithLiveEvents } from "#server/domain/live/live-transaction.ts";
import { advanceOpenWithdrawals, advanceWithdrawal } from "#server/domain/wallet/usdt-withdrawal.ts";
import { OUTSIDE_ADDRESS, settleChain } from "./helpers/ledger-activity.ts";
import { openStream, signInAdmin } from "./helpers/live.ts";
import { type Caller, fundViaDevnet, getJson, randomKey, sessionCaller } from "./helpers/rewards.ts";
import { bearer, setupTestApp, signUpAndLogIn, testConfig } from "./helpers/test-app.ts";

const t = setupTestApp();

import { afterEach } from "vitest";

afterEach(() => {});
const db = () => t.database.handle.db;
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string } }>().error;

async function newCaller(usdt = 2_000): Promise<Caller> {
  const caller = sessionCaller(await signUpAndLogIn(t.app));
  expect((await fundViaDevnet(t.app, caller.email, usdt)).statusCode).toBe(200);
  return caller;
}

const transferUsdt = (caller: Caller, amount: number, key = randomKey(), app: FastifyInstance = t.app) =>
  app.inject({
    method: "POST",
    url: "/api/wallet/token/transfer",
    headers: { ...bearer(caller.token), "idempotency-key": key },
    payload: { to: OUTSIDE_ADDRESS, amount },
  });

type Asked = { id: string; status: string; amount: number };
async function ask(caller: Caller, amount: number, app: FastifyInstance = t.app): Promise<Asked> {
  const res = await transferUsdt(caller, amount, randomKey(), app);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ withdrawal: Asked }>().withdrawal;
}

const balanceOf = async (caller: Caller) =>
  (await getJson<{ balance: number }>(t.app, caller, "/api/wallet/balance")).balance;
const rowOf = (id: string) =>
  db().selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const clearingMicro = async () =>
  Number(
    (
      await db()
        .selectFrom("ledger_accounts")
        .select("balance_micro")
        .where("id", "=", "withdrawals")
        .executeTakeFirst()
    )?.balance_micro ?? 0,
  );

const decide = (
  admin: Caller,
  id: string,
  decision: "approve" | "reject",
  options: { key?: string; reason?: string; app?: FastifyInstance } = {},
) =>
  (options.app ?? t.app).inject({
    method: "POST",
    url: `/api/admin/withdrawals/${id}/${decision}`,
    headers: { ...bearer(admin.token), "idempotency-key": options.key ?? randomKey() },
    ...(decision === "reject" ? { payload: { reason: options.reason ?? "Looks like a farm account" } } : {}),
  });

/** A held first withdrawal approved, so the account's next ones are no longer "first". */
async function letOneThrough(admin: Caller, caller: Caller): Promise<void> {
  const first = await ask(caller, 300);
  expect(first.status).toBe("review");
  expect((await decide(admin, first.id, "approve")).statusCode).toBe(200);
  await t.app.ctx.background.drain();
}

async function setStanding(userId: string, status: "review" | "frozen" | "banned", score = 60) {
  await db()
    .insertInto("account_standing")
    .values({ user_id: userId, status, score, updated_at: t.clock() })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ status, score }))
    .execute();
}

const liveEventsOf = async (userId: string, type: string) =>
  (
    await db()
      .selectFrom("live_events")
      .select("payload")
      .where("stream", "=", userId)
      .where("type", "=", type)
      .orderBy("seq")
      .execute()
  ).map((row) => row.payload as Record<string, unknown>);

describe("POST /wallet/token/transfer holds for review", () => {
  it("holds the account's first withdrawal, reserved at once, and the worker never sends it", async () => {
    const caller = await newCaller(1_000);
    const clearingBefore = await clearingMicro();
    const key = randomKey();
    const res = await transferUsdt(caller, 300, key);
    expect(res.statusCode, res.body).toBe(202);
    const { withdrawal } = res.json<{ withdrawal: Asked & { to: string } }>();
    expect(withdrawal).toMatchObject({ status: "review", amount: 300, to: OUTSIDE_ADDRESS });
    expect(await balanceOf(caller)).toBe(700);
    expect((await clearingMicro()) - clearingBefore).toBe(300_000_000);
    expect(await rowOf(withdrawal.id)).toMatchObject({
      status: "review",
      review_reason: "The account's first withdrawal",
      tx_id: null,
    });
    // The same key answers the same, and reserves nothing more.
    const again = await transferUsdt(caller, 300, key);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(res.json());
    expect(await balanceOf(caller)).toBe(700);

    // The chain worker's rounds and a direct push leave it alone: nothing signed, nothing sent.
    await settleChain(t);
    await settleChain(t);
    expect(await advanceOpenWithdrawals(t.app.ctx)).toBe(0);
    expect(await advanceWithdrawal(t.app.ctx, withdrawal.id)).toBe("review");
    expect(await leaseWithdrawal(db(), withdrawal.id, t.clock(), 30_000)).toBeUndefined();
    expect(await rowOf(withdrawal.id)).toMatchObject({
      status: "review",
      tx_id: null,
      signed_payload: null,
      attempts: 0,
    });

    // What the player sees: pending, awaiting review, in the history; `review` when followed.
    const history = await getJson<{ transactions: { description: string; status: string; type: string }[] }>(
      t.app,
      caller,
      "/api/wallet/history",
    );
    expect(history.transactions[0]).toMatchObject({
      type: "withdraw",
      status: "pending",
      description: AWAITING_REVIEW,
    });
    expect(await getJson(t.app, caller, `/api/wallet/withdrawals/${withdrawal.id}`)).toEqual({
      id: withdrawal.id,
      status: "review",
      amount: 300,
      to: OUTSIDE_ADDRESS,
      txId: null,
      reason: null,
    });
    expect(await liveEventsOf(caller.id, "withdrawal")).toEqual([
      { id: withdrawal.id, amount: 300, status: "review", txId: null },
    ]);
  });

  it("holds every withdrawal asked while the first still waits, then lets the next ones through", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    const first = await ask(caller, 300);
    const second = await ask(caller, 300);
    expect([first.status, second.status]).toEqual(["review", "review"]);
    expect((await decide(admin, first.id, "approve")).statusCode).toBe(200);
    await t.app.ctx.background.drain();
    const third = await ask(caller, 300);
    expect(third.status).toBe("pending");
    expect((await rowOf(third.id)).review_reason).toBeNull();
  });

  it("a rejected first withdrawal does not count: the next one is held again", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    const first = await ask(caller, 300);
    expect((await decide(admin, first.id, "reject")).statusCode).toBe(200);
    expect((await ask(caller, 300)).status).toBe("review");
  });

  it("holds WITHDRAWAL_REVIEW_ABOVE_USDT or more, and not just below it", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller(3_000);
    await letOneThrough(admin, caller);
    expect((await ask(caller, 999.999999)).status).toBe("pending");
    const big = await ask(caller, 1_000);
    expect(big.status).toBe("review");
    expect((await rowOf(big.id)).review_reason).toBe("1000 USDT or more");
  });

  it("holds every withdrawal of an account in review, with its score in the reason", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    await letOneThrough(admin, caller);
    await setStanding(caller.id, "review", 70);
    const held = await ask(caller, 300);
    expect(held.status).toBe("review");
    expect((await rowOf(held.id)).review_reason).toBe("The account is in review (score 70)");
  });

  it("holds nothing by the first-withdrawal rule when WITHDRAWAL_REVIEW_FIRST is false", async () => {
    const other = await t.buildAnother({
      config: { fairPlay: { ...testConfig().fairPlay, reviewFirstWithdrawal: false } },
    });
    const caller = await newCaller();
    expect((await ask(caller, 300, other)).status).toBe("pending");
    expect((await ask(caller, 1_000, other)).status).toBe("review");
    await other.ctx.background.drain();
  });

  it("refuses a frozen or banned account with 403, reserving nothing", async () => {
    for (const [status, code] of [
      ["frozen", "ACCOUNT_FROZEN"],
      ["banned", "ACCOUNT_BANNED"],
    ] as const) {
      const caller = await newCaller(1_000);
      await setStanding(caller.id, status);
      const res = await transferUsdt(caller, 300);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe(code);
      expect(await balanceOf(caller)).toBe(1_000);
      const rows = await db()
        .selectFrom("withdrawals")
        .select("id")
        .where("user_id", "=", caller.id)
        .execute();
      expect(rows).toEqual([]);
    }
  });
});

describe("POST /admin/withdrawals/{id}/approve and /reject", () => {
  it("approve: reserved, then signed, broadcast and confirmed by the worker as any other; audited; pushed", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller(1_000);
    const held = await ask(caller, 300);
    const key = randomKey();
    const res = await decide(admin, held.id, "approve", { key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      withdrawal: {
        id: held.id,
        userId: caller.id,
        status: "pending",
        amount: 300,
        to: OUTSIDE_ADDRESS,
        reason: null,
      },
    });
    expect(await rowOf(held.id)).toMatchObject({ decision: "approved", decided_by: admin.id });
    expect((await rowOf(held.id)).decided_at).not.toBeNull();
    // The same key replays the answer and decides nothing again.
    const replay = await decide(admin, held.id, "approve", { key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());

    await t.app.ctx.background.drain();
    await settleChain(t);
    await settleChain(t);
    expect((await rowOf(held.id)).status).toBe("confirmed");
    expect(await balanceOf(caller)).toBe(700);
    const events = await liveEventsOf(caller.id, "withdrawal");
    expect(events.map((event) => event.status)).toEqual(["review", "pending", "pending", "confirmed"]);
    expect(events[1]).toEqual({ id: held.id, amount: 300, status: "pending", txId: null, reason: null });
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "approve-withdrawal")
      .where("target", "=", caller.email)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, amount_micro: 300_000_000 });
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("reject: failed with the reason, exactly the reserved amount back, audited with the reason, shown to the player", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller(1_000);
    const held = await ask(caller, 321.123456);
    expect(await balanceOf(caller)).toBe(678.876544);
    const clearingBefore = await clearingMicro();
    const reason = "Taps at the server's cap around the clock";
    const res = await decide(admin, held.id, "reject", { reason: `  ${reason} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      withdrawal: {
        id: held.id,
        userId: caller.id,
        status: "failed",
        amount: 321.123456,
        to: OUTSIDE_ADDRESS,
        reason,
      },
    });
    expect(await balanceOf(caller)).toBe(1_000);
    expect(clearingBefore - (await clearingMicro())).toBe(321_123_456);
    expect(await rowOf(held.id)).toMatchObject({
      status: "failed",
      decision: "rejected",
      failure_reason: reason,
      decided_by: admin.id,
      tx_id: null,
    });
    const refunds = await db()
      .selectFrom("ledger_transfers")
      .selectAll()
      .where("reference", "=", held.id)
      .where("kind", "=", "withdrawal-refund")
      .execute();
    expect(refunds.map((row) => Number(row.amount_micro))).toEqual([321_123_456]);

    const history = await getJson<{ transactions: { description: string; status: string; type: string }[] }>(
      t.app,
      caller,
      "/api/wallet/history",
    );
    expect(history.transactions.slice(0, 2)).toMatchObject([
      { type: "deposit", status: "completed", description: "Withdrawal refund" },
      { type: "withdraw", status: "failed", description: reason },
    ]);
    expect(await getJson(t.app, caller, `/api/wallet/withdrawals/${held.id}`)).toMatchObject({
      status: "failed",
      reason,
    });
    expect((await liveEventsOf(caller.id, "withdrawal")).at(-1)).toEqual({
      id: held.id,
      amount: 321.123456,
      status: "failed",
      txId: null,
      reason,
    });
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "reject-withdrawal")
      .where("target", "=", caller.email)
      .where("reason", "=", reason)
      .execute();
    expect(audit).toHaveLength(1);
    // The worker has nothing to do with it either.
    await settleChain(t);
    expect((await rowOf(held.id)).status).toBe("failed");
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("answers 409 for a withdrawal that is not held, 404 for an unknown one, 403 for a player, 400 for a short reason", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    await letOneThrough(admin, caller);
    const sent = await ask(caller, 300);
    for (const decision of ["approve", "reject"] as const) {
      const res = await decide(admin, sent.id, decision);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({ code: "CONFLICT", message: "This withdrawal was already decided." });
      expect((await decide(admin, randomUUID(), decision)).statusCode).toBe(404);
    }
    const held = await ask(await newCaller(), 300);
    expect((await decide(caller, held.id, "approve")).statusCode).toBe(403);
    expect((await decide(admin, held.id, "reject", { reason: "no" })).statusCode).toBe(400);
    expect((await rowOf(held.id)).status).toBe("review");
  });

  for (const mix of ["approve", "reject", "mixed"] as const) {
    it(`decides exactly once under 20 concurrent decisions (${mix})`, async () => {
      const admin = await signInAdmin(t);
      const caller = await newCaller(1_000);
      const held = await ask(caller, 400);
      const decisions = Array.from({ length: 20 }, (_, i) =>
        mix === "mixed" ? (i % 2 === 0 ? "approve" : "reject") : mix,
      );
      const answers = await Promise.all(decisions.map((decision) => decide(admin, held.id, decision)));
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes).toEqual([200, ...Array(19).fill(409)]);
      for (const res of answers.filter((r) => r.statusCode === 409))
        expect(errorOf(res).message).toBe("This withdrawal was already decided.");
      const winner = answers
        .find((res) => res.statusCode === 200)
        ?.json<{ withdrawal: { status: string } }>();
      const row = await rowOf(held.id);
      const rejected = winner?.withdrawal.status === "failed";
      expect(row.decision).toBe(rejected ? "rejected" : "approved");
      expect(await balanceOf(caller)).toBe(rejected ? 1_000 : 600);
      const refunds = await db()
        .selectFrom("ledger_transfers")
        .select("id")
        .where("reference", "=", held.id)
        .where("kind", "=", "withdrawal-refund")
        .execute();
      expect(refunds).toHaveLength(rejected ? 1 : 0);
      const audits = await db()
        .selectFrom("audit_log")
        .select("id")
        .where("action", "in", ["approve-withdrawal", "reject-withdrawal"])
        .where("target", "like", `${caller.email}%`)
        .execute();
      expect(audits).toHaveLength(1);
      await t.app.ctx.background.drain();
      // Approved, the worker's background push then signs it: one more `pending`, now with its tx id.
      expect((await liveEventsOf(caller.id, "withdrawal")).map((event) => event.status)).toEqual(
        rejected ? ["review", "failed"] : ["review", "pending", "pending"],
      );
      expect(await checkLedgerInvariants(db())).toEqual([]);
    });
  }

  it("rejectHeldWithdrawalsOf (a ban) rejects every held withdrawal of the user, each refunded and announced", async () => {
    const caller = await newCaller(1_000);
    const a = await ask(caller, 300);
    const b = await ask(caller, 350);
    expect(await balanceOf(caller)).toBe(350);
    const count = await transactionWithLiveEvents(t.app.ctx, (trx) =>
      rejectHeldWithdrawalsOf(trx, t.app.ctx, caller.id, "This account has been closed."),
    );
    expect(count).toBe(2);
    expect(await balanceOf(caller)).toBe(1_000);
    for (const id of [a.id, b.id])
      expect(await rowOf(id)).toMatchObject({
        status: "failed",
        decision: "rejected",
        failure_reason: "This account has been closed.",
      });
    const failed = (await liveEventsOf(caller.id, "withdrawal")).filter((event) => event.status === "failed");
    expect(failed.map((event) => event.reason)).toEqual([
      "This account has been closed.",
      "This account has been closed.",
    ]);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });
});

describe("a ban through POST /admin/users/{id}/risk", () => {
  it("rejects the account's held withdrawals with the ban's reason, each refunded, and leaves others' alone", async () => {
    const admin = await signInAdmin(t);
    const farm = await newCaller(1_000);
    const other = await newCaller(1_000);
    const held = await ask(farm, 400);
    const othersHeld = await ask(other, 300);
    expect(await balanceOf(farm)).toBe(600);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${farm.id}/risk`,
      headers: { ...bearer(admin.token), "idempotency-key": randomKey() },
      payload: { action: "ban", reason: "One of a farm of 40 accounts" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(held.id)).toMatchObject({
      status: "failed",
      decision: "rejected",
      failure_reason: "One of a farm of 40 accounts",
      decided_by: admin.id,
    });
    expect((await rowOf(othersHeld.id)).status).toBe("review");
    const [account] = await db()
      .selectFrom("ledger_accounts")
      .select("balance_micro")
      .where("user_id", "=", farm.id)
      .where("kind", "=", "wallet")
      .execute();
    expect(Number(account?.balance_micro)).toBe(1_000_000_000);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });
});

describe("GET /admin/withdrawals?status=review", () => {
  it("lists held user withdrawals oldest first, with who asked and their score, page by page", async () => {
    const admin = await signInAdmin(t);
    // Whatever earlier tests left held is decided first, so the queue is this test's.
    const left = await db().selectFrom("withdrawals").select("id").where("status", "=", "review").execute();
    for (const { id } of left) expect((await decide(admin, id, "reject")).statusCode).toBe(200);
    const people = [await newCaller(), await newCaller(), await newCaller()];
    await setStanding(people[1]?.id as string, "review", 55);
    const held: Asked[] = [];
    for (const person of people) {
      held.push(await ask(person, 300));
      t.clock.advance(1_000);
    }
    type Item = {
      id: string;
      status: string;
      userId: string;
      email: string;
      score: number | null;
      amount: number;
    };
    const list = (query: string) =>
      getJson<{ items: Item[]; nextCursor: string | null }>(t.app, admin, `/api/admin/withdrawals?${query}`);
    const first = await list("status=review&limit=2");
    expect(first.items).toEqual([
      expect.objectContaining({
        id: held[0]?.id,
        status: "review",
        userId: people[0]?.id,
        email: people[0]?.email,
        score: null,
        amount: 300,
      }),
      expect.objectContaining({ id: held[1]?.id, userId: people[1]?.id, score: 55 }),
    ]);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`status=review&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.id)).toEqual([held[2]?.id]);
    expect(second.nextCursor).toBeNull();
    // The treasury's history is as before, its items with the new fields.
    const treasury = await list("limit=5");
    for (const item of treasury.items) expect(item.status).not.toBe("review");
    expect(treasury.items.length).toBeGreaterThan(0);
    expect(
      (await t.app.inject({ url: "/api/admin/withdrawals?status=pending", headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(400);
  });
});

describe("two instances", () => {
  it("a decision made on one instance is seen on the other: the status and the owner's live event", async () => {
    const b = await t.buildAnother({ ownPool: true });
    const admin = await signInAdmin(t);
    const caller = await newCaller(1_000);
    const held = await ask(caller, 300);
    const stream = await openStream(t.app, caller);
    const res = await decide(admin, held.id, "reject", { app: b, reason: "Decided on the other instance" });
    expect(res.statusCode, res.body).toBe(200);
    // The refund's `wallet` balance comes in the same commit; the withdrawal's change is what this is about.
    const frames = [await stream.next(3_000), await stream.next(3_000)];
    expect(frames.find((frame) => frame.event === "withdrawal")).toMatchObject({
      data: { id: held.id, status: "failed", reason: "Decided on the other instance" },
    });
    stream.close();
    expect(await getJson(t.app, caller, `/api/wallet/withdrawals/${held.id}`)).toMatchObject({
      status: "failed",
      reason: "Decided on the other instance",
    });
    // Decided once: the same decision on this instance now finds it decided.
    expect((await decide(admin, held.id, "approve")).statusCode).toBe(409);
  });
});
