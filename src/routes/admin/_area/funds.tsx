import { createFileRoute } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { type FundsSearch, fundsSearch } from "#src/machines/admin/admin.search.ts";
import { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { fundsPageMachine } from "#src/machines/admin/funds-page.machine.ts";
import { toFundsView } from "#src/machines/admin/funds-page.view.ts";
import { FundsScreen } from "#src/ui/admin/funds-screen.tsx";
import { bindPages, useFormBinding, useSearchQuery } from "../../-shared/admin/bindings.ts";
import { useMachineEffects } from "../../-shared/use-machine-effects.ts";

export const Route = createFileRoute("/admin/_area/funds")({
  validateSearch: fundsSearch,
  component: FundsManagement,
});

function FundsManagement() {
  const { runtime } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const actors = runtime.adminActors;
  const page = useActorRef(
    fundsPageMachine.provide({
      actors: {
        load: actors.funds,
        withdrawDialog: adminFormMachine.provide({ actors: { submit: actors.withdrawTreasury } }),
      },
    }),
    { input: { search, newId: runtime.newId, app: runtime.app } },
  );
  useMachineEffects(page);
  useSearchQuery(page, search);
  const view = useSelector(page, toFundsView);
  const withdrawDialog = useFormBinding(view.withdrawDialog);
  const go = (next: FundsSearch) => void navigate({ search: next, replace: true });
  return (
    <FundsScreen
      {...view}
      transactions={bindPages(view.transactions, go)}
      wallets={bindPages(view.wallets, go)}
      onWithdraw={() => page.send({ type: "WITHDRAW.OPEN" })}
      withdrawDialog={withdrawDialog}
    />
  );
}
