/** What the dashboard's economy shows, derived from its machine's snapshot. */
import type { SnapshotFrom } from "xstate";
import type { EconomyDay } from "#src/api/fair-play-admin.ts";
import type { EconomyData } from "./admin.types.ts";
import { pageStatus } from "./admin-table.view.ts";
import type { dashboardEconomyMachine } from "./dashboard-economy.machine.ts";

/** The coverage over the days shown (docs/fair-play.md, The economy): each day's at its end, today's now. */
export interface CoverageTrend {
  /** One per day, oldest first; null on a day nothing was owed. */
  values: (number | null)[];
  /** The days (`YYYY-MM-DD`) that ended holding less than was owed. */
  daysBelowOne: string[];
  /** The lowest coverage of the days shown; null when nothing was owed on any. */
  lowest: number | null;
}

export function coverageTrend(days: readonly EconomyDay[]): CoverageTrend {
  const known = days.flatMap((day) => (day.coverage === null ? [] : [day.coverage]));
  return {
    values: days.map((day) => day.coverage),
    daysBelowOne: days.filter((day) => day.coverage !== null && day.coverage < 1).map((day) => day.date),
    lowest: known.length === 0 ? null : Math.min(...known),
  };
}

// One trend per answer, so a re-render with the same answer hands the charts the same values.
const trends = new WeakMap<EconomyData, CoverageTrend>();
function trendOf(data: EconomyData): CoverageTrend {
  const known = trends.get(data);
  if (known) return known;
  const trend = coverageTrend(data.days);
  trends.set(data, trend);
  return trend;
}

export function toEconomyView(snapshot: SnapshotFrom<typeof dashboardEconomyMachine>) {
  const data = snapshot.context.data;
  return {
    status: pageStatus(data !== null, snapshot.matches("failed")),
    busy: snapshot.hasTag("busy"),
    economy: data,
    trend: data === null ? null : trendOf(data),
  };
}
