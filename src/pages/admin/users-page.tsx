import { useActorRef, useSelector } from "@xstate/react";
import { accountLabel } from "#contracts/account-label.ts";
import type { UsersSearch } from "#src/machines/admin/admin.search.ts";
import { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { usersPageMachine } from "#src/machines/admin/users-page.machine.ts";
import { toUsersView } from "#src/machines/admin/users-page.view.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import type { AppRuntime } from "#src/runtime.ts";
import type { UnfundedRow } from "#src/ui/admin/users-screen.tsx";
import { UsersScreen } from "#src/ui/admin/users-screen.tsx";
import { bindTable, useFormBinding, useSearchQuery } from "./bindings.ts";

/** User Management (docs/product.md §2 Admin): users with and without funded wallets, Fund and Update Multiplier. */
export function UsersPage({
  runtime,
  search,
  onSearch,
}: {
  runtime: AppRuntime;
  search: UsersSearch;
  onSearch: (search: UsersSearch) => void;
}) {
  const actors = runtime.adminActors;
  const page = useActorRef(
    usersPageMachine.provide({
      actors: {
        load: actors.userManagement,
        fundDialog: adminFormMachine.provide({ actors: { submit: actors.fundWallet } }),
        multiplierDialog: adminFormMachine.provide({ actors: { submit: actors.updateMultiplier } }),
      },
    }),
    { input: { search, newId: runtime.newId, app: runtime.app } },
  );
  useMachineEffects(page);
  useSearchQuery(page, search);
  const view = useSelector(page, toUsersView);
  const fundDialog = useFormBinding(view.fundDialog);
  const multiplierDialog = useFormBinding(view.multiplierDialog);
  const user = (row: UnfundedRow) => ({ id: row.id, label: accountLabel(row), multiplier: row.multiplier });
  return (
    <UsersScreen
      {...view}
      funded={bindTable(view.funded, onSearch)}
      unfunded={bindTable(view.unfunded, onSearch)}
      onFund={(row) => page.send({ type: "FUND.OPEN", user: user(row) })}
      onUpdateMultiplier={(row) => page.send({ type: "MULTIPLIER.OPEN", user: user(row) })}
      fundDialog={fundDialog}
      multiplierDialog={multiplierDialog}
    />
  );
}
