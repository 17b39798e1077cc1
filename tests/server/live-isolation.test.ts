/**
 * What the live-event log promises under load (docs/decisions/018): a user's stream carries that user's events
 * only, every one exactly once, numbered without gaps in commit order, however the changes of many users and
 * devices interleave; and a change that rolls back appends and announces nothing, while an announcement is
 * heard only once its transaction commits.
 */
import { describe, expect, it } from "vitest";
import type { NotificationListener } from "#server/db/notifications.ts";
import { LIVE_CHANNEL } from "#server/db/repos/live-events.repo.ts";
import { ensureWalletAccount, walletAccountId } from "#server/domain/ledger/accounts.ts";
import { transfer } from "#server/domain/ledger/transfer.ts";
import { transactionWithLiveEvents } from "#server/domain/live/live-transaction.ts";
import { pointsChanged } from "#server/domain/live/screen-events.ts";
import { adminPost, openStream, positionOf, signInAdmin } from "./helpers/live.ts";
import {
  type Caller,
  fundViaDevnet,
  getJson,
  purchase,
  sessionCaller,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import { setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small deterministic generator, so a failing run can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** Listens on the live channel directly, as another instance would. */
async function listenToLog(): Promise<{ heard: string[]; listener: NotificationListener }> {
  const heard: string[] = [];
  const listener = await t.database.handle.listen(LIVE_CHANNEL, {
    onNotification: (payload) => heard.push(payload),
    onReconnect: () => {},
  });
  return { heard, listener };
}

describe("many users, many changes", () => {
  it("each stream sees only its own events, each once, in order, without gaps", async () => {
    const next = random(20_240_617);
    const users: Caller[] = [];
    for (let i = 0; i < 6; i += 1) users.push(sessionCaller(await signUpAndLogIn(t.app)));
    const admin = await signInAdmin(t);
    // A multiplier of its own per user, so a frame that strayed into another stream would show.
    for (const [index, user] of users.entries()) {
      const res = await adminPost(t.app, admin, "update-multiplier", {
        userId: user.id,
        multiplier: (index + 1) / 100,
      });
      expect(res.statusCode).toBe(200);
    }
    const streams = await Promise.all(users.map((user) => openStream(t.app, user)));
    const expected = users.map(() => 0);
    const ownTaps = users.map(() => new Set<number>([0]));
    // A user's first credited taps and first withdrawal each also unlock an achievement: one more event.
    const unlocked = users.map(() => new Set<string>());
    const unlocks = (index: number, achievement: string) => {
      if (unlocked[index]?.has(achievement)) return 0;
      unlocked[index]?.add(achievement);
      return 1;
    };

    const act = async (index: number) => {
      const user = users[index] as Caller;
      for (let step = 0; step < 12; step += 1) {
        const choice = next(10);
        if (choice < 6) {
          // Two devices syncing at the same moment.
          const answers = await Promise.all([
            syncTaps(t.app, user, { taps: 1 + next(20) }),
            syncTaps(t.app, user, { taps: 1 + next(20) }),
          ]);
          for (const res of answers) {
            expect(res.statusCode).toBe(200);
            ownTaps[index]?.add(res.json<{ totalTaps: number }>().totalTaps);
            expected[index] = (expected[index] ?? 0) + 1 + unlocks(index, "first-tap");
          }
        } else if (choice < 8) {
          const res = await withdrawRewards(t.app, user, { amount: 0.01 });
          // Refused (not enough points yet) appends nothing; paid: points and wallet.
          if (res.statusCode === 200)
            expected[index] = (expected[index] ?? 0) + 2 + unlocks(index, "first-withdrawal");
          else expect(res.json().error.code).toBe("INSUFFICIENT_BALANCE");
        } else {
          expect((await fundViaDevnet(t.app, user.email, 1)).statusCode).toBe(200);
          expected[index] = (expected[index] ?? 0) + 1;
        }
      }
    };
    await Promise.all(users.map((_, index) => act(index)));

    for (const [index, stream] of streams.entries()) {
      const frames = await stream.take(expected[index] ?? 0, 5_000);
      // Events 1 and 2 were the multiplier change, before the stream opened.
      expect(frames.map((frame) => positionOf(frame.id)[0])).toEqual(frames.map((_, i) => i + 3));
      expect(frames.filter((frame) => frame.event === "achievement").map((frame) => frame.data)).toEqual(
        [...(unlocked[index] ?? [])].map((id) => expect.objectContaining({ id })),
      );
      for (const frame of frames) {
        expect(["points", "wallet", "achievement"]).toContain(frame.event);
        if (frame.event !== "points") continue;
        const data = frame.data as { totalTaps: number; multiplier: number };
        expect(data.multiplier).toBe((index + 1) / 100);
        expect(ownTaps[index]?.has(data.totalTaps)).toBe(true);
      }
      expect(await stream.rest(100)).toEqual([]);
      const user = users[index] as Caller;
      const points = await getJson<{ points: number; totalTaps: number }>(
        t.app,
        user,
        `/api/user/${user.id}/points`,
      );
      const lastPoints = frames.filter((frame) => frame.event === "points").at(-1)?.data;
      expect(lastPoints).toMatchObject(points);
      stream.close();
    }
  });
});

describe("rolled-back changes", () => {
  it("a refused purchase or admin funding appends and sends nothing", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    const admin = await signInAdmin(t);
    expect((await fundViaDevnet(t.app, caller.email, 1, 150)).statusCode).toBe(200);
    const stream = await openStream(t.app, caller, { lastEventId: "0" });
    expect((await stream.take(2)).map((frame) => frame.id)).toEqual(["1", "2"]);
    const { heard, listener } = await listenToLog();

    const refused = await purchase(t.app, caller, { multiplier_value: 0.002 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("NOT_ENOUGH_FUNDS");
    const tooMuch = await adminPost(t.app, admin, "fund-wallet", { userId: caller.id, amount: 999_999_999 });
    expect(tooMuch.statusCode).toBe(409);
    expect(await stream.rest()).toEqual([]);
    expect(heard).toEqual([]);

    expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
    // Its first tap: `points` and the `first-tap` achievement, one commit, one announcement.
    expect(await stream.next()).toMatchObject({ id: "3", event: "points" });
    expect(await stream.next()).toMatchObject({ id: "4", event: "achievement" });
    await expect.poll(() => heard).toEqual([`${caller.id}:4`]);
    stream.close();
    await listener.close();
  });

  it("a transaction that fails after queuing events appends and announces none", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    const { heard, listener } = await listenToLog();
    const failing = transactionWithLiveEvents(t.app.ctx, async (trx) => {
      pointsChanged(trx, caller.id, { pointsMicro: 1, totalTaps: 1, multiplierMicro: 1000 });
      throw new Error("the change failed");
    });
    await expect(failing).rejects.toThrow("the change failed");
    await sleep(200);
    expect(heard).toEqual([]);
    const rows = await t.database.handle.db
      .selectFrom("live_events")
      .select("seq")
      .where("stream", "=", caller.id)
      .execute();
    expect(rows).toEqual([]);
    await listener.close();
  });

  it("an announcement is heard once its transaction has committed, not before", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    const { heard, listener } = await listenToLog();
    let appended = -1;
    let heardMeanwhile: string[] = [];
    await transactionWithLiveEvents(t.app.ctx, async (trx) => {
      pointsChanged(trx, caller.id, { pointsMicro: 1, totalTaps: 1, multiplierMicro: 1000 });
      await sleep(300);
      // Nothing is appended until the work is done, and nothing is announced before the commit.
      appended = (await trx.selectFrom("live_events").select("seq").where("stream", "=", caller.id).execute())
        .length;
      heardMeanwhile = [...heard];
    });
    expect(appended).toBe(0);
    expect(heardMeanwhile).toEqual([]);
    await expect.poll(() => heard).toEqual([`${caller.id}:1`]);
    await listener.close();
  });

  it("money cannot move outside a transaction that carries live events", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    await ensureWalletAccount(t.database.handle.db, caller.id);
    const moving = t.database.handle.db.transaction().execute((trx) =>
      transfer(trx, {
        from: "treasury",
        to: walletAccountId(caller.id),
        amountMicro: 1,
        kind: "admin-funding",
        description: "test",
        at: new Date(),
      }),
    );
    await expect(moving).rejects.toThrow("transactionWithLiveEvents");
  });
});
