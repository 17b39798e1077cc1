import { createFileRoute } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { StatsPage } from "#src/pages/standings/stats-page.tsx";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";

/** The player's statistics: days, totals and multiplier history (docs/product.md, Stats). */
export const Route = createFileRoute("/_session/_protected/stats")({ component: Stats });

function Stats() {
  const { runtime } = Route.useRouteContext();
  const userId = useSelector(runtime.session, (snapshot) => snapshot.context.user?.id);
  if (!userId) return <PageSpinner label="Loading your statistics" />;
  return <StatsPage runtime={runtime} userId={userId} />;
}
