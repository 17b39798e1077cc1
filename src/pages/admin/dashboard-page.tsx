import { useActorRef, useSelector } from "@xstate/react";
import type { DashboardSearch } from "#src/machines/admin/admin.search.ts";
import { dashboardEconomyMachine } from "#src/machines/admin/dashboard-economy.machine.ts";
import { toEconomyView } from "#src/machines/admin/dashboard-economy.view.ts";
import { dashboardPageMachine } from "#src/machines/admin/dashboard-page.machine.ts";
import { toDashboardView } from "#src/machines/admin/dashboard-page.view.ts";
import { withLoader } from "#src/machines/shared/list-page.machine.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { DashboardScreen } from "#src/ui/admin/dashboard-screen.tsx";
import { EconomyPanel } from "#src/ui/admin/economy-panel.tsx";
import { bindTable, useSearchQuery } from "./bindings.ts";

/** The economy's window on the dashboard (docs/fair-play.md). */
const ECONOMY = { days: 30 } as const;

/**
 * The admin Dashboard (docs/product.md §2 Admin): the metrics and the users table, and below them the economy
 * (docs/fair-play.md), loaded by its own machine so either can fail without the other.
 */
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
  const economy = useActorRef(withLoader(dashboardEconomyMachine, runtime.adminActors.economy), {
    input: { search: ECONOMY, app: runtime.app },
  });
  useMachineEffects(economy);
  const economyView = useSelector(economy, toEconomyView);
  return (
    <>
      <DashboardScreen {...view} users={bindTable(view.users, onSearch)} />
      <EconomyPanel {...economyView} />
    </>
  );
}
