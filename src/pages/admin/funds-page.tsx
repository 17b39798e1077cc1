import { useActorRef, useSelector } from "@xstate/react";
import type { FundsSearch } from "#src/machines/admin/admin.search.ts";
import { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { fundsListMachine } from "#src/machines/admin/funds-list.machine.ts";
import { fundsPageMachine } from "#src/machines/admin/funds-page.machine.ts";
import { toFundsDialog, toFundsView } from "#src/machines/admin/funds-page.view.ts";
import { withLoader } from "#src/machines/shared/list-page.machine.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { FundsScreen } from "#src/ui/admin/funds-screen.tsx";
import { bindPages, useFormBinding, useSearchQuery } from "./bindings.ts";

/** Funds Management (docs/product.md §2 Admin): the pool, the treasury withdrawals and the funded wallets. */
export function FundsPage({
  runtime,
  search,
  onSearch,
}: {
  runtime: AppRuntime;
  search: FundsSearch;
  onSearch: (search: FundsSearch) => void;
}) {
  const actors = runtime.adminActors;
  const page = useActorRef(
    fundsPageMachine.provide({
      actors: {
        list: withLoader(fundsListMachine, actors.funds),
        withdrawDialog: adminFormMachine.provide({ actors: { submit: actors.withdrawTreasury } }),
      },
    }),
    { input: { search, newId: runtime.newId, app: runtime.app } },
  );
  const list = useSelector(page, (snapshot) => snapshot.children.list);
  useMachineEffects(list ?? null);
  useSearchQuery(page, search);
  const view = useSelector(list, toFundsView);
  const withdrawDialog = useFormBinding(useSelector(page, toFundsDialog));
  return (
    <FundsScreen
      {...view}
      transactions={bindPages(view.transactions, onSearch)}
      wallets={bindPages(view.wallets, onSearch)}
      onWithdraw={() => page.send({ type: "WITHDRAW.OPEN" })}
      withdrawDialog={withdrawDialog}
    />
  );
}
