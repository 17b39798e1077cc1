import { useActorRef, useSelector } from "@xstate/react";
import type { DashboardSearch } from "#src/machines/admin/admin.search.ts";
import { dashboardPageMachine } from "#src/machines/admin/dashboard-page.machine.ts";
import { toDashboardView } from "#src/machines/admin/dashboard-page.view.ts";
import { withLoader } from "#src/machines/shared/list-page.machine.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { DashboardScreen } from "#src/ui/admin/dashboard-screen.tsx";
import { bindTable, useSearchQuery } from "./bindings.ts";

/** The admin Dashboard (docs/product.md §2 Admin): the metrics and the users table. */
export function DashboardPage({
  runtime,
  search,
  onSearch,
}: {
  runtime: AppRuntime;
  search: DashboardSearch;
  onSearch: (search: DashboardSearch) => void;
}) {
  const page = useActorRef(withLoader(dashboardPageMachine, runtime.adminActors.dashboard), {
    input: { search, app: runtime.app },
  });
  useMachineEffects(page);
  useSearchQuery(page, search);
  const view = useSelector(page, toDashboardView);
  return <DashboardScreen {...view} users={bindTable(view.users, onSearch)} />;
}
