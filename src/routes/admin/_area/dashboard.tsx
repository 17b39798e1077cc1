import { createFileRoute } from "@tanstack/react-router";
import { dashboardSearch } from "#src/machines/admin/admin.search.ts";
import { DashboardPage } from "#src/pages/admin/dashboard-page.tsx";

export const Route = createFileRoute("/admin/_area/dashboard")({
  validateSearch: dashboardSearch,
  component: DashboardRoute,
});

/** The search is the URL's: a table's change replaces it, so Back leaves the page rather than the sort. */
function DashboardRoute() {
  const { runtime } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <DashboardPage
      runtime={runtime}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search, replace: true })}
    />
  );
}
