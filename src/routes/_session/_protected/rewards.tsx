import { createFileRoute } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { toSessionView } from "#src/machines/auth/auth.view.ts";
import { RewardsPage } from "#src/pages/rewards/rewards-page.tsx";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";

/** The Rewards area: daily streak, boosters, achievements, points history (docs/decisions/020). */
export const Route = createFileRoute("/_session/_protected/rewards")({ component: Rewards });

function Rewards() {
  const { runtime } = Route.useRouteContext();
  const { user } = useSelector(runtime.session, toSessionView);
  if (!user) return <PageSpinner label="Loading your rewards" />;
  return <RewardsPage runtime={runtime} userId={user.id} />;
}
