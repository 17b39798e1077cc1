/**
 * The rewards and wallet routes of docs/api.md as a small stateful fake for component tests (msw): points,
 * tap syncs (replays answered from the stored result), the multiplier catalogue and purchase, the rewards
 * withdrawal (both idempotent by key) and the wallet balance. A batch is credited at the booster's factor
 * (`factorOf`, from the fake economy). Amounts are kept in micro units, like the
 * real server. `failNext` makes the next call of a route fail the way a test needs. `hold` parks every call
 * of a route until the test `release`s it with an outcome ("ok" or a failure), so a walk decides when the
 * server answers. Requests sent with `keepalive` (a page closing) are never held or failed: they stand
 * outside what a walk controls.
 */
import { delay, HttpResponse, http } from "msw";
import { ACCOUNT_FROZEN_MESSAGE } from "#contracts/fair-play-rules.ts";
import { COMBO_TAPS, nextCombo } from "#src/machines/taps/combo.ts";

/** The combo bonus percent the fake mints (the server's default, COMBO_BONUS_PERCENT). */
export const FAKE_COMBO_BONUS_PERCENT = 10;

export interface FakeRewards {
  pointsMicro: number;
  totalTaps: number;
  multiplierMicro: number;
  walletMicro: number;
}

export type InjectedFailure = { status: number; code: string; message: string } | "network" | "hang";

export type RewardsRoute =
  | "points"
  | "sync"
  | "multiplier"
  | "balance"
  | "multipliers"
  | "purchase"
  | "withdraw-rewards";

export const CATALOGUE = [
  { multiplier_value: 0.001, price_usdt: 0 },
  { multiplier_value: 0.002, price_usdt: 5 },
  { multiplier_value: 0.005, price_usdt: 10 },
  { multiplier_value: 0.01, price_usdt: 25 },
];

import { MICRO_PER_UNIT as MICRO, roundToMicro as toMicro } from "#contracts/micro.ts";

const PURCHASE_POINTS_MICRO = 100 * MICRO;
const fromMicro = (micro: number) => micro / MICRO;
const failure = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

export function createFakeRewards(
  api: string,
  userIdOf: (request: Request) => string | null,
  /** The booster factor a batch arriving now is credited at (docs/api.md, Economy); 1 without one. */
  factorOf: (userId: string) => number = () => 1,
  /** Told of every credited batch, for the points history. */
  credited: (
    userId: string,
    entry: { id: string; kind: "taps" | "combo"; points: number; multiplier: number; factor: number },
  ) => void = () => {},
  /** The account is frozen: its tap syncs are refused (403 ACCOUNT_FROZEN, docs/fair-play.md). */
  frozen: (userId: string) => boolean = () => false,
) {
  const rewards = new Map<string, FakeRewards>();
  const storedSyncs = new Map<string, unknown>();
  /** Each user's running combo chain: carried from batch to batch (the fake does not time the carry). */
  const chains = new Map<string, number>();
  /** Complete runs of 50 a batch's intervals finish (the server's rule, docs/product.md); none without. */
  const completedRuns = (userId: string, intervals: number[] | undefined) => {
    if (!intervals) {
      chains.set(userId, 0);
      return 0;
    }
    let chain = chains.get(userId) ?? 0;
    let completed = 0;
    for (const interval of intervals) {
      chain = nextCombo(chain, interval);
      if (chain % COMBO_TAPS === 0) completed += 1;
    }
    chains.set(userId, chain);
    return completed;
  };
  const storedByKey = new Map<string, { status: number; body: unknown }>();
  /** Every batch the server received, in order (replays included). */
  const syncs: Array<{
    userId: string;
    batchId: string;
    taps: number;
    keepalive: boolean;
    intervals?: number[];
  }> = [];
  const failNext = new Map<RewardsRoute, InjectedFailure>();
  type Outcome = "ok" | InjectedFailure;
  const held = new Map<RewardsRoute, { parked: Array<(outcome: Outcome) => void>; early: Outcome[] }>();

  /** Waits for the test to release this call (or takes a release that came first). */
  const answerWhenReleased = (route: RewardsRoute) =>
    new Promise<Outcome>((resolve) => {
      const gate = held.get(route)!;
      const early = gate.early.shift();
      if (early) resolve(early);
      else gate.parked.push(resolve);
    });

  const accountOf = (userId: string) => {
    let account = rewards.get(userId);
    if (!account) {
      account = { pointsMicro: 0, totalTaps: 0, multiplierMicro: 1_000, walletMicro: 0 };
      rewards.set(userId, account);
    }
    return account;
  };

  /** Authenticates, then applies an injected failure if one is set for this route. */
  async function guard(request: Request, route: RewardsRoute) {
    const userId = userIdOf(request);
    if (!userId) return { response: failure(401, "UNAUTHORIZED", "Please log in.") };
    const released = held.has(route) && !request.keepalive ? await answerWhenReleased(route) : undefined;
    const injected = released ?? failNext.get(route);
    if (!released) failNext.delete(route);
    if (injected && injected !== "ok") {
      if (typeof injected === "string") {
        if (injected === "hang") await delay("infinite");
        return { response: HttpResponse.error() };
      }
      return { response: failure(injected.status, injected.code, injected.message) };
    }
    return { userId, account: accountOf(userId) };
  }

  /** Answers a stored result for a known key, or runs `operation` and stores what it answered. */
  function idempotent(userId: string, request: Request, operation: () => { status: number; body: unknown }) {
    const key = `${userId}:${request.headers.get("idempotency-key")}`;
    const stored = storedByKey.get(key) ?? operation();
    storedByKey.set(key, stored);
    return HttpResponse.json(stored.body as never, { status: stored.status });
  }

  const refusal = (status: number, code: string, message: string) => ({
    status,
    body: { error: { code, message } },
  });

  const handlers = [
    http.get(`${api}/user/:id/points`, async ({ request }) => {
      const { response, account } = await guard(request, "points");
      if (response) return response;
      return HttpResponse.json({ points: fromMicro(account.pointsMicro), totalTaps: account.totalTaps });
    }),
    http.post(`${api}/user/:id/points`, async ({ request }) => {
      const body = (await request.json()) as { batchId: string; taps: number; intervals?: number[] };
      const { response, userId, account } = await guard(request, "sync");
      if (response) return response;
      syncs.push({
        userId,
        batchId: body.batchId,
        taps: body.taps,
        keepalive: request.keepalive,
        ...(body.intervals ? { intervals: body.intervals } : {}),
      });
      // A frozen account's taps are refused, nothing credited (docs/fair-play.md).
      if (frozen(userId))
        return HttpResponse.json(
          { error: { code: "ACCOUNT_FROZEN", message: ACCOUNT_FROZEN_MESSAGE } },
          { status: 403 },
        );
      const key = `${userId}:${body.batchId}`;
      const stored = storedSyncs.get(key);
      if (stored) return HttpResponse.json({ ...(stored as object), replayed: true });
      const factor = factorOf(userId);
      const creditedMicro = body.taps * account.multiplierMicro * factor;
      const bonusMicro = Math.floor(
        (completedRuns(userId, body.intervals) *
          COMBO_TAPS *
          account.multiplierMicro *
          factor *
          FAKE_COMBO_BONUS_PERCENT) /
          100,
      );
      account.pointsMicro += creditedMicro + bonusMicro;
      const entry = { multiplier: fromMicro(account.multiplierMicro), factor };
      credited(userId, { id: body.batchId, kind: "taps", points: fromMicro(creditedMicro), ...entry });
      // The bonus is its own entry, just above its batch.
      if (bonusMicro > 0)
        credited(userId, {
          id: `${body.batchId}:combo`,
          kind: "combo",
          points: fromMicro(bonusMicro),
          ...entry,
        });
      account.totalTaps += body.taps;
      const answer = {
        points: fromMicro(account.pointsMicro),
        totalTaps: account.totalTaps,
        multiplier: fromMicro(account.multiplierMicro),
        credited: { taps: body.taps, points: fromMicro(creditedMicro), comboBonus: fromMicro(bonusMicro) },
        // The fake's streak lives in the fake economy: no auto-claim here (the machines' tests and e2e cover it).
        streak: null,
      };
      storedSyncs.set(key, answer);
      return HttpResponse.json({ ...answer, replayed: false });
    }),
    http.get(`${api}/user/:id/multiplier`, async ({ request }) => {
      const { response, account } = await guard(request, "multiplier");
      if (response) return response;
      return HttpResponse.json({ multiplier: fromMicro(account.multiplierMicro) });
    }),
    http.get(`${api}/wallet/balance`, async ({ request }) => {
      const { response, account } = await guard(request, "balance");
      if (response) return response;
      return HttpResponse.json({ success: true, balance: fromMicro(account.walletMicro) });
    }),
    http.get(`${api}/wallet/multipliers`, async ({ request }) => {
      const { response } = await guard(request, "multipliers");
      return response ?? HttpResponse.json(CATALOGUE);
    }),
    http.post(`${api}/wallet/multipliers/purchase`, async ({ request }) => {
      const body = (await request.json()) as { multiplier_value: number };
      const { response, userId, account } = await guard(request, "purchase");
      if (response) return response;
      return idempotent(userId, request, () => {
        const option = CATALOGUE.find((item) => item.multiplier_value === body.multiplier_value);
        if (!option) return refusal(404, "NOT_FOUND", "There is no such multiplier.");
        const valueMicro = toMicro(option.multiplier_value);
        if (valueMicro <= account.multiplierMicro) {
          return refusal(409, "MULTIPLIER_NOT_HIGHER", "You already have this multiplier or a higher one.");
        }
        if (account.pointsMicro < PURCHASE_POINTS_MICRO) {
          return refusal(409, "NOT_ENOUGH_POINTS", "Not enough points to buy multiplier");
        }
        if (account.walletMicro < toMicro(option.price_usdt)) {
          return refusal(409, "NOT_ENOUGH_FUNDS", "Not enough funds");
        }
        account.pointsMicro -= PURCHASE_POINTS_MICRO;
        account.walletMicro -= toMicro(option.price_usdt);
        account.multiplierMicro = valueMicro;
        return {
          status: 200,
          body: {
            success: true,
            multiplier: option.multiplier_value,
            points: fromMicro(account.pointsMicro),
            totalTaps: account.totalTaps,
            walletBalance: fromMicro(account.walletMicro),
          },
        };
      });
    }),
    http.post(`${api}/wallet/withdraw-rewards`, async ({ request }) => {
      const body = (await request.json()) as { amount: number };
      const { response, userId, account } = await guard(request, "withdraw-rewards");
      if (response) return response;
      return idempotent(userId, request, () => {
        const amountMicro = toMicro(body.amount);
        if (amountMicro > account.pointsMicro) {
          return refusal(409, "INSUFFICIENT_BALANCE", "Insufficient balance");
        }
        account.pointsMicro -= amountMicro;
        account.walletMicro += amountMicro;
        return {
          status: 200,
          body: {
            success: true,
            points: fromMicro(account.pointsMicro),
            totalTaps: account.totalTaps,
            walletBalance: fromMicro(account.walletMicro),
          },
        };
      });
    }),
  ];

  return {
    handlers,
    rewards,
    accountOf,
    syncs,
    failNext,
    hold: (route: RewardsRoute) => held.set(route, { parked: [], early: [] }),
    /** Answers the oldest parked call of a held route (or the next one to come) with `outcome`. */
    release: (route: RewardsRoute, outcome: Outcome) => {
      const gate = held.get(route);
      if (!gate) throw new Error(`route ${route} is not held`);
      const parked = gate.parked.shift();
      if (parked) parked(outcome);
      else gate.early.push(outcome);
    },
    /** Sets a user's figures in display units, as a test states them. */
    seed(
      userId: string,
      figures: { points?: number; totalTaps?: number; multiplier?: number; wallet?: number },
    ) {
      const account = accountOf(userId);
      if (figures.points !== undefined) account.pointsMicro = toMicro(figures.points);
      if (figures.totalTaps !== undefined) account.totalTaps = figures.totalTaps;
      if (figures.multiplier !== undefined) account.multiplierMicro = toMicro(figures.multiplier);
      if (figures.wallet !== undefined) account.walletMicro = toMicro(figures.wallet);
    },
    clear() {
      rewards.clear();
      storedSyncs.clear();
      storedByKey.clear();
      syncs.length = 0;
      failNext.clear();
      held.clear();
    },
  };
}
