import { createFileRoute } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { RewardsPage } from "#src/pages/rewards/rewards-page.tsx";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";

/** The Rewards area: daily streak, boosters, achievements, points history (docs/decisions/020). */
export const Route = createFileRoute("/_session/_protected/rewards")({ component: Rewards });

function Rewards() {
  const { runtime } = Route.useRouteContext();
  const userId = useSelector(runtime.session, (snapshot) => snapshot.context.user?.id);
  if (!userId) return <PageSpinner label="Loading your rewards" />;
  return <RewardsPage runtime={runtime} userId={userId} />;
}
