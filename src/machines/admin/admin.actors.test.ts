import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, toPromise } from "xstate";
import type { AdminApi } from "#src/api/admin.ts";
import { createAdminSessionStore } from "#src/api/admin-session-store.ts";
import type { ApiError, ApiResult } from "#src/api/errors.ts";
import { createAdminActors } from "./admin.actors.ts";

const ok = <T>(data: T): ApiResult<T> => ({ data, error: null });
const err = (status: number, code: string): ApiResult<never> => ({
  data: null,
  error: { code, message: code, status } satisfies ApiError,
});
const ADMIN = { id: "a", email: "root@example.com", name: "Root", role: "admin" as const };
const page = { items: [], nextCursor: null, total: 0 };

/** A fake admin API that records every call with its arguments; `answers` overrides what a call answers. */
function setup(answers: Partial<Record<keyof AdminApi, (...args: unknown[]) => unknown>> = {}) {
  const calls: Array<[string, ...unknown[]]> = [];
  const defaults: Record<keyof AdminApi, (...args: unknown[]) => unknown> = {
    login: () => ok({ session: { access_token: "t", refresh_token: "r", expires_at: 1 }, user: ADMIN }),
    me: () => ok({ user: ADMIN }),
    logout: () => ok(null),
    metrics: () => ok({ totalUsers: 0 }),
    users: () => ok(page),
    fundedUsers: () => ok(page),
    unfundedUsers: () => ok(page),
    fundedWallets: () => ok({ ...page, totalBalance: 0, count: 0 }),
    poolBalance: () => ok({ balance: 1 }),
    transactions: () => ok({ items: [], nextCursor: null }),
    multiplierStats: () => ok({ totalUsers: 0 }),
    auditLog: () => ok({ items: [], nextCursor: null }),
    withdraw: () => ok({ success: true }),
    fundWallet: () => ok({ success: true, balance: 5 }),
    updateMultiplier: () => ok({ success: true, multiplier: 0.25 }),
    createAdmin: () => ok({ success: true }),
    riskList: () => ok({ items: [], nextCursor: null }),
    riskDetail: () => ok({ signals: [] }),
    riskAction: () => ok({ success: true, status: "frozen" }),
    heldWithdrawals: () => ok({ items: [], nextCursor: null }),
    approveWithdrawal: () => ok({ success: true }),
    rejectWithdrawal: () => ok({ success: true }),
    economy: () => ok({ days: [], liabilities: {} }),
  };
  const api = Object.fromEntries(
    Object.entries(defaults).map(([name, answer]) => [
      name,
      async (...args: unknown[]) => {
        calls.push([name, ...args]);
        return (answers[name as keyof AdminApi] ?? answer)(...args);
      },
    ]),
  ) as unknown as AdminApi;
  const store = createAdminSessionStore(localStorage);
  let lost = 0;
  const actors = createAdminActors({ api, store, sessionLost: () => lost++ });
  const run = <I, O>(logic: Parameters<typeof createActor>[0], input?: I) =>
    toPromise(createActor(logic, { input }).start()) as Promise<O>;
  return { actors, calls, store, run, lost: () => lost };
}
const signIn = (store: ReturnType<typeof createAdminSessionStore>) =>
  store.write({ accessToken: "t", refreshToken: null, expiresAt: null, user: ADMIN });

afterEach(() => vi.restoreAllMocks());

describe("admin actors", () => {
  it("User Management asks each list for its own search, sort and cursor", async () => {
    const { actors, calls, run } = setup();
    await run(actors.userManagement, {
      funded: { q: "ada", sort: "email:desc", cursor: "c2" },
      unfunded: { q: "bob", sort: "points:asc" },
    });
    expect(calls.filter(([name]) => name !== "multiplierStats")).toEqual([
      ["fundedUsers", { q: "ada", sort: "email:desc", cursor: "c2" }],
      ["unfundedUsers", { q: "bob", sort: "points:asc" }],
    ]);
  });

  it("the dashboard, funds and audit loads pass their queries on", async () => {
    const { actors, calls, run } = setup();
    await run(actors.dashboard, { q: "ada", sort: "points:desc", cursor: "c" });
    await run(actors.funds, { transactions: { cursor: "t" }, wallets: { cursor: "w" } });
    await run(actors.auditLog, { cursor: "a" });
    expect(calls.filter(([, query]) => query !== undefined)).toEqual([
      ["users", { q: "ada", sort: "points:desc", cursor: "c" }],
      ["fundedWallets", { cursor: "w" }],
      ["transactions", { cursor: "t" }],
      ["auditLog", { cursor: "a" }],
    ]);
  });

  it("money actions send the parsed amount with the form's Idempotency-Key and say what happened", async () => {
    const { actors, calls, run } = setup();
    const target = { id: "u1", email: "p@example.com", multiplier: 0.001 };
    expect(
      await run(actors.fundWallet, { form: "fundWallet", fields: { amount: "40" }, target, key: "k-fund" }),
    ).toEqual({
      title: "Wallet Funded",
      description: "Successfully funded the user's wallet with 40 USDT",
    });
    expect(
      await run(actors.withdrawTreasury, {
        form: "withdraw",
        fields: { address: " TAddr ", amount: "12.5" },
        target: null,
        key: "k-w",
      }),
    ).toEqual({ title: "Withdrawal Initiated", description: "Withdrawing 12.5 USDT to TAddr" });
    expect(
      await run(actors.updateMultiplier, {
        form: "updateMultiplier",
        fields: { multiplier: "0.25" },
        target,
        key: "k",
      }),
    ).toEqual({
      title: "Multiplier Updated",
      description: "updated to 0.25x",
    });
    expect(
      await run(actors.createAdmin, {
        form: "createAdmin",
        fields: { name: "Second", email: " second@example.com ", password: "pw" },
        target: null,
        key: "k",
      }),
    ).toEqual({
      title: "Admin Created",
      description: "Successfully created admin user with second@example.com",
    });
    expect(calls).toEqual([
      ["fundWallet", { userId: "u1", amount: 40 }, "k-fund"],
      ["withdraw", { address: "TAddr", amount: 12.5 }, "k-w"],
      ["updateMultiplier", { userId: "u1", multiplier: 0.25 }],
      ["createAdmin", { name: "Second", email: "second@example.com", password: "pw" }],
    ]);
  });

  it("Fair play loads both lists; a held withdrawal's signals come from the accounts page, else its account's risk", async () => {
    const signal = (id: string) => ({ id, weight: 40, evidence: `${id} seen`, at: "2030-01-01T00:00:00Z" });
    const held = (id: string, userId: string | null) => ({ id, userId, email: null, score: 50 });
    const { actors, calls, run } = setup({
      riskList: () =>
        ok({ items: [{ userId: "u1", signals: [signal("regular-cadence")] }], nextCursor: "r2" }),
      heldWithdrawals: () =>
        ok({
          items: [held("w1", "u1"), held("w2", "u2"), held("w3", "u2"), held("w4", "u3"), held("w5", null)],
          nextCursor: null,
        }),
      riskDetail: (userId) =>
        userId === "u2" ? ok({ signals: [signal("cap-rate")] }) : err(500, "SERVER_ERROR"),
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await run<unknown, { held: { items: Array<{ id: string; signals: unknown }> } }>(
      actors.fairPlay,
      { risk: { status: "frozen", cursor: "c" }, held: { cursor: "h" } },
    );
    expect(data.held.items.map((item) => [item.id, item.signals])).toEqual([
      ["w1", [signal("regular-cadence")]],
      ["w2", [signal("cap-rate")]],
      ["w3", [signal("cap-rate")]],
      // Its account's risk could not be read: unknown, not "no signals".
      ["w4", null],
      ["w5", []],
    ]);
    expect(calls).toEqual([
      ["riskList", { status: "frozen", cursor: "c" }],
      ["heldWithdrawals", { cursor: "h" }],
      ["riskDetail", "u2"],
      ["riskDetail", "u3"],
    ]);
  });

  it("the Fair play decisions send the reason and the form's Idempotency-Key and say what happened", async () => {
    const { actors, calls, run } = setup();
    const account = { id: "u1", label: "bot@example.com" };
    const withdrawal = { id: "w1", label: "12.5 USDT to TAddr" };
    expect(
      await run(actors.riskAction, {
        form: "riskAction",
        fields: { action: "freeze", reason: "  metronome taps " },
        target: account,
        key: "k-risk",
      }),
    ).toEqual({
      title: "Account Frozen",
      description: "bot@example.com is frozen: its taps and withdrawals are paused.",
    });
    await run(actors.approveWithdrawal, {
      form: "approveWithdrawal",
      fields: {},
      target: withdrawal,
      key: "k-a",
    });
    expect(
      await run(actors.rejectWithdrawal, {
        form: "rejectWithdrawal",
        fields: { reason: " farm " },
        target: withdrawal,
        key: "k-r",
      }),
    ).toEqual({
      title: "Withdrawal Rejected",
      description: "12.5 USDT to TAddr went back to the player's wallet.",
    });
    await expect(
      run(actors.riskAction, {
        form: "riskAction",
        fields: { action: "nuke", reason: "x" },
        target: account,
        key: "k",
      }),
    ).rejects.toThrow(/no action "nuke"/);
    expect(calls).toEqual([
      ["riskAction", "u1", { action: "freeze", reason: "metronome taps" }, "k-risk"],
      ["approveWithdrawal", "w1", "k-a"],
      ["rejectWithdrawal", "w1", "farm", "k-r"],
    ]);
  });

  it("a failed call is logged and rejects with its error; a 401 also loses the admin session", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { actors, run, lost } = setup({
      fundWallet: () => err(409, "CONFLICT"),
      auditLog: () => err(401, "UNAUTHORIZED"),
    });
    await expect(
      run(actors.fundWallet, { form: "fundWallet", fields: { amount: "1" }, target: null, key: "k" }),
    ).rejects.toMatchObject({
      status: 409,
      code: "CONFLICT",
    });
    expect(lost()).toBe(0);
    await expect(run(actors.auditLog, {})).rejects.toMatchObject({ status: 401 });
    expect(lost()).toBe(1);
    expect(log).toHaveBeenCalledWith("[admin]", "CONFLICT", "CONFLICT");
  });

  it("confirming the role: admin, revoked (the stored session is removed), or unreachable", async () => {
    const admin = setup();
    signIn(admin.store);
    expect(await admin.run(admin.actors.confirmRole)).toBe("admin");
    for (const answer of [
      () => err(401, "UNAUTHORIZED"),
      () => err(403, "FORBIDDEN"),
      () => ok({ user: { ...ADMIN, role: "user" } }),
    ]) {
      const revoked = setup({ me: answer });
      signIn(revoked.store);
      expect(await revoked.run(revoked.actors.confirmRole)).toBe("revoked");
      expect(revoked.store.read()).toBeNull();
    }
    const offline = setup({ me: () => err(0, "NETWORK_ERROR") });
    signIn(offline.store);
    expect(await offline.run(offline.actors.confirmRole)).toBe("unreachable");
    expect(offline.store.read()).not.toBeNull();
    localStorage.clear();
    const none = setup();
    expect(await none.run(none.actors.confirmRole)).toBe("revoked");
    expect(none.calls).toEqual([]);
  });

  it("restores only a session the server confirms; a non-admin login is logged out at once", async () => {
    const stored = setup();
    signIn(stored.store);
    expect(await stored.run(stored.actors.restore)).toEqual(ADMIN);
    const demoted = setup({ me: () => ok({ user: { ...ADMIN, role: "user" } }) });
    signIn(demoted.store);
    expect(await demoted.run(demoted.actors.restore)).toBeNull();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const player = setup({
      login: () =>
        ok({
          session: { access_token: "p", refresh_token: "r", expires_at: 1 },
          user: { ...ADMIN, role: "user" },
        }),
    });
    await expect(player.run(player.actors.login, { email: "p@x.y", password: "pw" })).rejects.toMatchObject({
      code: "NOT_ADMIN",
    });
    expect(player.calls.map(([name]) => name)).toEqual(["login", "logout"]);
    expect(player.store.read()).toBeNull();
  });

  it("a form's submit actor refuses another form's fields, calling nothing", async () => {
    const { actors, calls, run } = setup();
    await expect(
      run(actors.fundWallet, {
        form: "withdraw",
        fields: { address: "T", amount: "1" },
        target: null,
        key: "k",
      }),
    ).rejects.toThrow(/given the withdraw form/);
    expect(calls).toEqual([]);
  });
});
