import { createFileRoute } from "@tanstack/react-router";
import { FeaturesPage } from "#src/pages/features/features-page.tsx";

export const Route = createFileRoute("/_session/_protected/features")({ component: FeaturesRoute });

function FeaturesRoute() {
  const { runtime } = Route.useRouteContext();
  return <FeaturesPage runtime={runtime} />;
}
