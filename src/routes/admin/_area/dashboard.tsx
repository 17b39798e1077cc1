import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../-shared/admin/dashboard-page.tsx";

export const Route = createFileRoute("/admin/_area/dashboard")({
  validateSearch: (search: Record<string, unknown>) => search,
  component: Dashboard,
});

function Dashboard() {
  const { runtime } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DashboardPage
      runtime={runtime}
      search={search}
      onSearch={(next) => void navigate({ search: next as never, replace: true })}
    />
  );
}
