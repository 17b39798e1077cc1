import { createFileRoute } from "@tanstack/react-router";
import { TapPage } from "#src/pages/tap/tap-page.tsx";

export const Route = createFileRoute("/_session/_protected/tap")({ component: TapRoute });

function TapRoute() {
  const { runtime } = Route.useRouteContext();
  return <TapPage runtime={runtime} />;
}
