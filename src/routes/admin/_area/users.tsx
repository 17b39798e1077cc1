import { createFileRoute } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { accountLabel } from "#contracts/account-label.ts";
import { type UsersSearch, usersSearch } from "#src/machines/admin/admin.search.ts";
import { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { usersPageMachine } from "#src/machines/admin/users-page.machine.ts";
import { toUsersView } from "#src/machines/admin/users-page.view.ts";
import type { UnfundedRow } from "#src/ui/admin/users-screen.tsx";
import { UsersScreen } from "#src/ui/admin/users-screen.tsx";
import { bindTable, useFormBinding, useSearchQuery } from "../../-shared/admin/bindings.ts";
import { useMachineEffects } from "../../-shared/use-machine-effects.ts";

export const Route = createFileRoute("/admin/_area/users")({
  validateSearch: usersSearch,
  component: UserManagement,
});

function UserManagement() {
  const { runtime } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
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
  const go = (next: UsersSearch) => void navigate({ search: next, replace: true });
  const user = (row: UnfundedRow) => ({ id: row.id, label: accountLabel(row), multiplier: row.multiplier });
  return (
    <UsersScreen
      {...view}
      funded={bindTable(view.funded, go)}
      unfunded={bindTable(view.unfunded, go)}
      onFund={(row) => page.send({ type: "FUND.OPEN", user: user(row) })}
      onUpdateMultiplier={(row) => page.send({ type: "MULTIPLIER.OPEN", user: user(row) })}
      fundDialog={fundDialog}
      multiplierDialog={multiplierDialog}
    />
  );
}
