import { createFileRoute } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { toSessionView } from "#src/machines/auth/auth.view.ts";
import { StatsPage } from "#src/pages/standings/stats-page.tsx";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";

/** The player's statistics: days, totals and multiplier history (docs/product.md, Stats). */
export const Route = createFileRoute("/_session/_protected/stats")({ component: Stats });

function Stats() {
  const { runtime } = Route.useRouteContext();
  const { user } = useSelector(runtime.session, toSessionView);
  if (!user) return <PageSpinner label="Loading your statistics" />;
  return <StatsPage runtime={runtime} userId={user.id} />;
}
