/**
 * The leaderboard and the player's statistics (docs/api.md, Economy; docs/decisions/022): points earned from
 * taps per UTC day, per week from Monday and all time; equal points share a rank, who got there first listed
 * first; names only; the statistics' days are UTC calendar days, oldest first, with 0 for days without taps.
 * The suite's clock moves to fixed dates (a week spanning two months), so every period boundary is exact.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { moveTo, signInAgain } from "./helpers/economy.ts";
import {
  type Caller,
  fundViaDevnet,
  purchase,
  randomKey,
  sessionCaller,
  syncTaps,
} from "./helpers/rewards.ts";
import { bearer, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp({ config: { signupLimitPerIpHour: 0 } });

interface Board {
  period: string;
  entries: { rank: number; name: string; points: number; me: boolean }[];
  me: { rank: number | null; points: number };
}
interface Stats {
  days: { date: string; taps: number; points: number }[];
  totals: { taps: number; points: number; earnedToday: number };
  multiplierHistory: { at: string; multiplier: number; source: string }[];
}

const get = (caller: Caller, url: string) => t.app.inject({ url, headers: bearer(caller.token) });
async function board(caller: Caller, query: string): Promise<Board> {
  const res = await get(caller, `/api/leaderboard?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function stats(caller: Caller, query = ""): Promise<Stats> {
  const res = await get(caller, `/api/user/${caller.id}/stats${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function sync(caller: Caller, taps: number) {
  const res = await syncTaps(t.app, caller, { batchId: randomUUID(), taps });
  expect(res.statusCode, res.body).toBe(200);
}

/** Sunday 2026-11-29 23:00 UTC: the week began Monday 2026-11-23. */
const SUNDAY_LATE = Date.UTC(2026, 10, 29, 23, 0, 0);
const MONDAY = Date.UTC(2026, 10, 30);
const NEXT_SUNDAY = Date.UTC(2026, 11, 6, 12, 0, 0);

let players: Record<"ann" | "ben" | "cat" | "dan", Caller>;
const names = { ann: "Ann", ben: "Ben", cat: "Cat", dan: "Dan" } as const;

/** Access tokens live an hour of the suite's clock: after a jump everyone signs in again. */
async function signEveryoneInAgain() {
  for (const key of Object.keys(players) as (keyof typeof players)[]) {
    players[key] = await signInAgain(t.app, players[key]);
  }
}

beforeAll(async () => {
  moveTo(t.clock, SUNDAY_LATE);
  const signedIn = await Promise.all(
    Object.values(names).map(async (name) => sessionCaller(await signUpAndLogIn(t.app, { name }))),
  );
  const [ann, ben, cat, dan] = signedIn as [Caller, Caller, Caller, Caller];
  players = { ann, ben, cat, dan };
});

describe("leaderboard", () => {
  it("ranks by tap points, equal points sharing a rank with who got there first listed first; the caller's place", async () => {
    const { ann, ben, cat, dan } = players;
    await sync(ann, 5);
    t.clock.advance(1_000);
    await sync(cat, 9);
    t.clock.advance(1_000);
    await sync(ben, 5);
    const day = await board(dan, "period=day");
    expect(day.period).toBe("day");
    expect(day.entries).toEqual([
      { rank: 1, name: "Cat", points: 0.009, me: false },
      { rank: 2, name: "Ann", points: 0.005, me: false },
      { rank: 2, name: "Ben", points: 0.005, me: false },
    ]);
    expect(day.me).toEqual({ rank: null, points: 0 });
    expect((await board(ben, "period=day")).me).toEqual({ rank: 2, points: 0.005 });
    expect((await board(ben, "period=day")).entries.find((entry) => entry.me)?.name).toBe("Ben");
    expect((await board(ann, "period=day&limit=1")).entries).toEqual([
      { rank: 1, name: "Cat", points: 0.009, me: false },
    ]);
    // No period: the day's board.
    expect((await board(dan, "")).entries).toEqual(day.entries);
  });

  it("a new UTC day and a new week start empty boards; a week spanning two months counts both", async () => {
    moveTo(t.clock, MONDAY);
    await signEveryoneInAgain();
    const { ann, dan } = players;
    expect((await board(ann, "period=day")).entries).toEqual([]);
    expect((await board(ann, "period=week")).entries).toEqual([]);
    expect((await board(ann, "period=all")).entries.map((entry) => entry.name)).toEqual([
      "Cat",
      "Ann",
      "Ben",
    ]);
    await sync(dan, 3);
    moveTo(t.clock, NEXT_SUNDAY);
    await signEveryoneInAgain();
    await sync(players.dan, 4);
    const week = await board(players.dan, "period=week");
    expect(week.entries).toEqual([{ rank: 1, name: "Dan", points: 0.007, me: true }]);
    expect(week.me).toEqual({ rank: 1, points: 0.007 });
    expect((await board(players.dan, "period=day")).entries).toEqual([
      { rank: 1, name: "Dan", points: 0.004, me: true },
    ]);
    expect((await board(players.dan, "period=all")).me).toEqual({ rank: 2, points: 0.007 });
  });

  it("refuses a bad period or limit with 400", async () => {
    for (const query of ["period=month", "limit=0", "limit=101", "limit=x", "period=day&extra=1"]) {
      const res = await get(players.ann, `/api/leaderboard?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("statistics", () => {
  it("UTC days, oldest first, 0 for days without taps; a batch at 23:59:59.999 and one at midnight fall on their own days", async () => {
    const endOfDay = Date.UTC(2026, 11, 6, 23, 59, 59, 999);
    moveTo(t.clock, endOfDay);
    const caller = sessionCaller(await signUpAndLogIn(t.app, { name: "Eve" }));
    await sync(caller, 2);
    t.clock.advance(1);
    await sync(caller, 3);
    await sync(caller, 1);
    const week = await stats(caller, "?days=7");
    expect(week.days.map((day) => day.date)).toEqual([
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
      "2026-12-07",
    ]);
    expect(week.days.slice(-2)).toEqual([
      { date: "2026-12-06", taps: 2, points: 0.002 },
      { date: "2026-12-07", taps: 4, points: 0.004 },
    ]);
    expect(week.days.slice(0, 5).every((day) => day.taps === 0 && day.points === 0)).toBe(true);
    expect(week.totals).toEqual({ taps: 6, points: 0.006, earnedToday: 0.004 });
    expect((await stats(caller)).days).toHaveLength(30);
    expect((await stats(caller, "?days=1")).days).toEqual([{ date: "2026-12-07", taps: 4, points: 0.004 }]);
    expect((await stats(caller, "?days=90")).days).toHaveLength(90);
  });

  it("lists each multiplier change with its source", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app, { name: "Fay" }));
    expect((await stats(caller)).multiplierHistory).toEqual([]);
    await fundViaDevnet(t.app, caller.email, 10, 200);
    const bought = await purchase(t.app, caller, { multiplier_value: 0.002 }, randomKey());
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await stats(caller)).multiplierHistory).toEqual([
      { at: t.clock().toISOString(), multiplier: 0.002, source: "purchase" },
    ]);
  });

  it("refuses days outside 1..90 with 400 and another player's statistics with 403", async () => {
    await signEveryoneInAgain();
    for (const query of ["?days=0", "?days=91", "?days=x"]) {
      expect((await get(players.ann, `/api/user/${players.ann.id}/stats${query}`)).statusCode, query).toBe(
        400,
      );
    }
    expect((await get(players.ann, `/api/user/${players.ben.id}/stats`)).statusCode).toBe(403);
  });
});

describe("no email, anywhere", () => {
  it("the leaderboard, the statistics and the referral card never carry an email", async () => {
    await signEveryoneInAgain();
    const callers = Object.values(players);
    const answers = [];
    for (const caller of callers) {
      for (const period of ["day", "week", "all"])
        answers.push(await get(caller, `/api/leaderboard?period=${period}`));
      answers.push(await get(caller, `/api/user/${caller.id}/stats?days=90`));
      answers.push(await get(caller, "/api/referrals"));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const bodies = answers.map((answer) => answer.body);
    // The boards list these players by name, so an email had its chance to appear.
    expect(bodies.some((body) => body.includes('"name":"Dan"'))).toBe(true);
    for (const body of bodies) {
      expect(body).not.toContain("@");
      for (const caller of callers) expect(body).not.toContain(caller.email);
    }
  });
});
