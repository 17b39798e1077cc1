/** What the Leaderboard and Stats pages show, from their live-read machines' snapshots. */
import type { SnapshotFrom } from "xstate";
import type { LeaderboardAnswer, StatsAnswer } from "#src/api/standings.ts";
import type { leaderboardMachine } from "./leaderboard.machine.ts";
import { type LiveReadView, toLiveReadView } from "./live-read.view.ts";
import type { statsMachine } from "./stats.machine.ts";

export const toLeaderboardView = (
  snapshot: SnapshotFrom<typeof leaderboardMachine>,
): LiveReadView<LeaderboardAnswer> => toLiveReadView<LeaderboardAnswer>(snapshot);

export const toStatsView = (snapshot: SnapshotFrom<typeof statsMachine>): LiveReadView<StatsAnswer> =>
  toLiveReadView<StatsAnswer>(snapshot);
