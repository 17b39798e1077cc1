import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { EconomyDay } from "#src/api/fair-play-admin.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import type { EconomyData, EconomySearch } from "./admin.types.ts";
import { dashboardEconomyMachine } from "./dashboard-economy.machine.ts";
import { coverageTrend, toEconomyView } from "./dashboard-economy.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const day = (date: string, coverage: number | null): EconomyDay => ({
  date,
  newUsers: 0,
  activeUsers: 0,
  taps: 0,
  pointsMinted: 0,
  pointsConverted: 0,
  depositsUsdt: 0,
  withdrawalsUsdt: 0,
  coverage,
});

const answer = (days: EconomyDay[]): EconomyData => ({
  days,
  liabilities: {
    pointsOutstanding: 0,
    pointsOutstandingUsdt: 0,
    walletsUsdt: 0,
    treasuryUsdt: 0,
    hotWalletUsdt: 0,
    coverage: days.at(-1)?.coverage ?? null,
  },
});

describe("the dashboard's economy", () => {
  it("shows each day's coverage, the days that ended below 1 and the lowest", async () => {
    const days = [
      day("2026-11-24", null),
      day("2026-11-25", 1.4),
      day("2026-11-26", 0.8),
      day("2026-11-27", 1),
    ];
    const asked: EconomySearch[] = [];
    const actor = createActor(
      dashboardEconomyMachine.provide({
        actors: {
          load: fromPromise(async ({ input }: { input: EconomySearch }) => {
            asked.push(input);
            return answer(days);
          }),
        },
      }),
      { input: { search: { days: 4 }, app: createFakeApp().app } },
    );
    actor.start();
    expect(toEconomyView(actor.getSnapshot()).trend).toBeNull();
    await flush();
    const view = toEconomyView(actor.getSnapshot());
    expect(asked).toEqual([{ days: 4 }]);
    expect(view.trend).toEqual({ values: [null, 1.4, 0.8, 1], daysBelowOne: ["2026-11-26"], lowest: 0.8 });
    // The same answer gives the charts the same trend, so they are not redrawn for nothing.
    expect(toEconomyView(actor.getSnapshot()).trend).toBe(view.trend);
  });

  it("has no lowest when nothing was owed on any day, and no day below 1 at exactly 1", () => {
    expect(coverageTrend([day("2026-11-26", null), day("2026-11-27", null)])).toEqual({
      values: [null, null],
      daysBelowOne: [],
      lowest: null,
    });
    expect(coverageTrend([day("2026-11-27", 1)]).daysBelowOne).toEqual([]);
    expect(coverageTrend([day("2026-11-27", 0.999)]).daysBelowOne).toEqual(["2026-11-27"]);
  });
});
