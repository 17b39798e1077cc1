import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "#src/pages/home/home-page.tsx";

export const Route = createFileRoute("/_session/_protected/home")({ component: HomeRoute });

function HomeRoute() {
  const { runtime } = Route.useRouteContext();
  return <HomePage runtime={runtime} />;
}
