import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { ReferralsAnswer } from "#src/api/economy.ts";
import type { ApiError } from "#src/api/errors.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import {
  COPY_FAILED,
  LINK_COPIED,
  POLL_MS,
  REREAD_THROTTLE_MS,
  referralMachine,
  SHARE_FAILED,
  type ShareInput,
} from "./referral.machine.ts";
import { toReferralView } from "./referral.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const NETWORK: ApiError = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const LINK = "https://taprewards.example/auth?mode=signup&ref=ab12cd34";
const EMPTY: ReferralsAnswer = {
  code: "ab12cd34",
  link: LINK,
  invited: 0,
  earnedPoints: 0,
  earnedToday: 0,
  dailyCap: 1000,
  sharePercent: 10,
  friends: [],
};
const ONE_FRIEND: ReferralsAnswer = {
  ...EMPTY,
  invited: 1,
  earnedPoints: 0.5,
  earnedToday: 0.5,
  friends: [{ name: "Grace H.", joinedAt: "2030-01-02T10:00:00.000Z", earnedForYou: 0.5 }],
};

type Answer = ReferralsAnswer | ApiError | "hang";

function start(
  options: {
    loads?: Answer[];
    streamUp?: boolean;
    copy?: () => Promise<void>;
    share?: () => Promise<void>;
  } = {},
) {
  const clock = new SimulatedClock();
  const loads = [...(options.loads ?? [EMPTY])];
  const copied: string[] = [];
  const shared: ShareInput[] = [];
  let reads = 0;
  const { app, push } = createFakeApp({ streamsUp: { user: options.streamUp ?? true } });
  const actor = createActor(
    referralMachine.provide({
      actors: {
        loadReferrals: fromPromise<ReferralsAnswer>(async () => {
          reads += 1;
          const answer = loads.length > 1 ? loads.shift()! : loads[0]!;
          if (answer === "hang") return new Promise<ReferralsAnswer>(() => {});
          if (!("link" in answer)) throw answer;
          return answer;
        }),
        copyText: fromPromise(async ({ input }: { input: { text: string } }) => {
          copied.push(input.text);
          await options.copy?.();
        }),
        shareLink: fromPromise(async ({ input }: { input: ShareInput }) => {
          shared.push(input);
          await options.share?.();
        }),
      },
    }),
    { input: { app }, clock },
  );
  const toasts: string[] = [];
  actor.on("toast", ({ tone, title }) => toasts.push(`${tone}: ${title}`));
  actor.start();
  return {
    actor,
    push,
    copied,
    shared,
    toasts,
    reads: () => reads,
    view: () => toReferralView(actor.getSnapshot()),
    advance: async (ms: number) => {
      clock.increment(ms);
      await flush();
    },
  };
}

const news = (invited: number, earnedPoints: number, earnedToday: number) =>
  ({ type: "REFERRAL.UPDATED", invited, earnedPoints, earnedToday }) as const;

describe("referral card", () => {
  it("loads the link and figures; a failed load offers a retry that reads again", async () => {
    const card = start({ loads: [NETWORK, EMPTY] });
    expect(card.view().status).toBe("loading");
    await flush();
    expect(card.view().status).toBe("failed");
    card.actor.send({ type: "RETRY" });
    await flush();
    expect(card.view()).toMatchObject({
      status: "ready",
      link: LINK,
      invited: 0,
      sharePercent: 10,
      friends: [],
    });
    expect(card.reads()).toBe(2);
  });

  it("shows pushed figures at once and reads the friends list once per throttle window", async () => {
    const card = start({ loads: [EMPTY, ONE_FRIEND] });
    await flush();
    card.push("user", news(1, 0.25, 0.25));
    expect(card.view()).toMatchObject({ invited: 1, earnedPoints: 0.25, earnedToday: 0.25, friends: [] });
    card.push("user", news(1, 0.5, 0.5));
    expect(card.view().earnedPoints).toBe(0.5);
    await card.advance(REREAD_THROTTLE_MS - 1);
    expect(card.reads()).toBe(1);
    await card.advance(1);
    expect(card.reads()).toBe(2);
    expect(card.view()).toMatchObject({ invited: 1, earnedPoints: 0.5, friends: ONE_FRIEND.friends });
  });

  it("news that arrives during the first read is not lost: the card reads again", async () => {
    const card = start({ loads: [EMPTY, ONE_FRIEND] });
    // The first read is out; the push predates its answer but the answer may predate the change.
    card.push("user", news(1, 0.5, 0.5));
    await flush();
    expect(card.view().invited).toBe(0);
    await card.advance(REREAD_THROTTLE_MS);
    expect(card.view()).toMatchObject({ invited: 1, friends: ONE_FRIEND.friends });
  });

  it("news during a re-read schedules another one; a failed re-read keeps the figures shown", async () => {
    const card = start({ loads: [EMPTY, NETWORK, ONE_FRIEND] });
    await flush();
    card.push("user", news(1, 0.5, 0.5));
    await card.advance(REREAD_THROTTLE_MS);
    expect(card.reads()).toBe(2);
    expect(card.view()).toMatchObject({ status: "ready", invited: 1, earnedPoints: 0.5, updating: false });
    card.push("user", news(1, 0.75, 0.75));
    await card.advance(REREAD_THROTTLE_MS);
    expect(card.reads()).toBe(3);
    expect(card.view().friends).toEqual(ONE_FRIEND.friends);
  });

  it("polls only while the stream is down", async () => {
    const up = start();
    await flush();
    await up.advance(POLL_MS * 3);
    expect(up.reads()).toBe(1);

    const down = start({ streamUp: false });
    await flush();
    await down.advance(POLL_MS);
    expect(down.reads()).toBe(2);
    down.push("user", { type: "STREAM.UP" });
    await down.advance(POLL_MS * 2);
    expect(down.reads()).toBe(2);
  });

  it("a stream reset reads everything again", async () => {
    const card = start({ loads: [EMPTY, ONE_FRIEND] });
    await flush();
    card.push("user", { type: "STREAM.RESET" });
    expect(card.view().status).toBe("loading");
    await flush();
    expect(card.view()).toMatchObject({ status: "ready", invited: 1 });
  });

  it("copies the link and says so; a refused clipboard says what to do instead", async () => {
    let refuse = false;
    const card = start({
      copy: async () => {
        if (refuse) throw new Error("denied");
      },
    });
    await flush();
    card.actor.send({ type: "COPY" });
    expect(card.view().copying).toBe(true);
    await flush();
    expect(card.copied).toEqual([LINK]);
    refuse = true;
    card.actor.send({ type: "COPY" });
    await flush();
    expect(card.toasts).toEqual([`success: ${LINK_COPIED}`, `error: ${COPY_FAILED}`]);
    expect(card.view().copying).toBe(false);
  });

  it("shares the link; closing the share sheet is not an error, a failing one is", async () => {
    const outcomes: Array<Error | null> = [null, new DOMException("cancelled", "AbortError"), new Error("x")];
    const card = start({
      share: async () => {
        const outcome = outcomes.shift();
        if (outcome) throw outcome;
      },
    });
    await flush();
    for (let i = 0; i < 3; i++) {
      card.actor.send({ type: "SHARE" });
      expect(card.view().sharing).toBe(true);
      await flush();
    }
    expect(card.shared).toHaveLength(3);
    expect(card.shared[0]).toMatchObject({ url: LINK });
    expect(card.toasts).toEqual([`error: ${SHARE_FAILED}`]);
  });

  it("copying does not interrupt a re-read, nor news a copy", async () => {
    let release = () => {};
    const card = start({
      loads: [EMPTY, ONE_FRIEND],
      copy: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await flush();
    card.actor.send({ type: "COPY" });
    card.push("user", news(1, 0.5, 0.5));
    expect(card.view().copying).toBe(true);
    release();
    await flush();
    expect(card.toasts).toEqual([`success: ${LINK_COPIED}`]);
    await card.advance(REREAD_THROTTLE_MS);
    expect(card.view().friends).toEqual(ONE_FRIEND.friends);
  });

  it("marks today's cap reached", async () => {
    const card = start({ loads: [{ ...EMPTY, earnedToday: 1000, invited: 3 }] });
    await flush();
    expect(card.view().capReached).toBe(true);
    card.push("user", news(3, 1000, 0));
    expect(card.view().capReached).toBe(false);
  });
});
