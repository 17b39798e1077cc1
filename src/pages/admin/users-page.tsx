import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import { accountLabel } from "#contracts/account-label.ts";
import type { UsersSearch } from "#src/machines/admin/admin.search.ts";
import { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { usersListMachine } from "#src/machines/admin/users-list.machine.ts";
import { usersPageMachine } from "#src/machines/admin/users-page.machine.ts";
import { toUsersDialogs, toUsersView } from "#src/machines/admin/users-page.view.ts";
import { withLoader } from "#src/machines/shared/list-page.machine.ts";
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
        list: withLoader(usersListMachine, actors.userManagement),
        fundDialog: adminFormMachine.provide({ actors: { submit: actors.fundWallet } }),
        multiplierDialog: adminFormMachine.provide({ actors: { submit: actors.updateMultiplier } }),
      },
    }),
    { input: { search, newId: runtime.newId, app: runtime.app } },
  );
  const list = useSelector(page, (snapshot) => snapshot.children.list);
  useMachineEffects(list ?? null);
  useSearchQuery(page, search);
  const view = useSelector(list, toUsersView);
  const dialogs = useSelector(page, toUsersDialogs, shallowEqual);
  const fundDialog = useFormBinding(dialogs.fundDialog);
  const multiplierDialog = useFormBinding(dialogs.multiplierDialog);
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
