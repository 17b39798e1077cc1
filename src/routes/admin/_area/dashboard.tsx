import { createFileRoute } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { type DashboardSearch, dashboardSearch } from "#src/machines/admin/admin.search.ts";
import { dashboardPageMachine } from "#src/machines/admin/dashboard-page.machine.ts";
import { toDashboardView } from "#src/machines/admin/dashboard-page.view.ts";
import { DashboardScreen } from "#src/ui/admin/dashboard-screen.tsx";
import { bindTable, useSearchQuery } from "../../-shared/admin/bindings.ts";
import { useMachineEffects } from "../../-shared/use-machine-effects.ts";

export const Route = createFileRoute("/admin/_area/dashboard")({
  validateSearch: dashboardSearch,
  component: Dashboard,
});

function Dashboard() {
  const { runtime } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const page = useActorRef(
    dashboardPageMachine.provide({ actors: { load: runtime.adminActors.dashboard } }),
    {
      input: { search, app: runtime.app },
    },
  );
  useMachineEffects(page);
  useSearchQuery(page, search);
  const view = useSelector(page, toDashboardView);
  const go = (next: DashboardSearch) => void navigate({ search: next, replace: true });
  return <DashboardScreen {...view} users={bindTable(view.users, go)} />;
}
