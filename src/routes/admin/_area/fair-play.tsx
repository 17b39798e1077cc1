import { createFileRoute } from "@tanstack/react-router";
import { fairPlaySearch } from "#src/machines/admin/admin.search.ts";
import { FairPlayPage } from "#src/pages/admin/fair-play-page.tsx";

export const Route = createFileRoute("/admin/_area/fair-play")({
  validateSearch: fairPlaySearch,
  component: FairPlayRoute,
});

/** The search is the URL's: a filter or page change replaces it, so Back leaves the page rather than the filter. */
function FairPlayRoute() {
  const { runtime } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <FairPlayPage
      runtime={runtime}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search, replace: true })}
    />
  );
}
