import { createFileRoute } from "@tanstack/react-router";
import { toPeriod } from "#src/api/leaderboard-period.ts";
import type { LeaderboardPeriod } from "#src/api/standings.ts";
import { LeaderboardPage } from "#src/pages/standings/leaderboard-page.tsx";

/** The period lives in the URL (`/leaderboard?period=week`): a link or a reload opens the same board. */
export const Route = createFileRoute("/_session/_protected/leaderboard")({
  // An explicit `undefined` for the day (or an unknown period), so the raw value does not pass through.
  validateSearch: (search: Record<string, unknown>): { period?: LeaderboardPeriod } => {
    const period = toPeriod(search.period);
    return { period: period === "day" ? undefined : period };
  },
  component: Leaderboard,
});

function Leaderboard() {
  const { runtime } = Route.useRouteContext();
  const period = toPeriod(Route.useSearch().period);
  const navigate = Route.useNavigate();
  return (
    <LeaderboardPage
      runtime={runtime}
      period={period}
      // Each period is its own entry in the history, so Back returns to the previous board.
      onPeriod={(next) => void navigate({ search: next === "day" ? {} : { period: next } })}
    />
  );
}
