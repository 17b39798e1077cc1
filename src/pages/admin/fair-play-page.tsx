import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import { RISK_ACTIONS } from "#contracts/fair-play-rules.ts";
import type { FairPlaySearch } from "#src/machines/admin/admin.search.ts";
import { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { fairPlayListMachine } from "#src/machines/admin/fair-play-list.machine.ts";
import { fairPlayPageMachine } from "#src/machines/admin/fair-play-page.machine.ts";
import { toFairPlayPanel, toFairPlayView } from "#src/machines/admin/fair-play-page.view.ts";
import { withLoader } from "#src/machines/shared/list-page.machine.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { accountName, FairPlayScreen, heldLabel } from "#src/ui/admin/fair-play-screen.tsx";
import { bindPages, useFormBinding, useSearchQuery } from "./bindings.ts";

/** Fair play (docs/fair-play.md): accounts by risk, one account's risk and actions, the held withdrawals. */
export function FairPlayPage({
  runtime,
  search,
  onSearch,
}: {
  runtime: AppRuntime;
  search: FairPlaySearch;
  onSearch: (search: FairPlaySearch) => void;
}) {
  const actors = runtime.adminActors;
  const page = useActorRef(
    fairPlayPageMachine.provide({
      actors: {
        list: withLoader(fairPlayListMachine, actors.fairPlay),
        account: actors.riskAccount,
        riskDialog: adminFormMachine.provide({ actors: { submit: actors.riskAction } }),
        approveDialog: adminFormMachine.provide({ actors: { submit: actors.approveWithdrawal } }),
        rejectDialog: adminFormMachine.provide({ actors: { submit: actors.rejectWithdrawal } }),
      },
    }),
    { input: { search, newId: runtime.newId, app: runtime.app } },
  );
  useMachineEffects(page);
  const list = useSelector(page, (snapshot) => snapshot.children.list);
  useMachineEffects(list ?? null);
  useSearchQuery(page, search);
  const view = useSelector(list, toFairPlayView);
  const panel = useSelector(page, toFairPlayPanel, shallowEqual);
  const riskDialog = useFormBinding(panel.riskDialog);
  const approveDialog = useFormBinding(panel.approveDialog);
  const rejectDialog = useFormBinding(panel.rejectDialog);
  const action = RISK_ACTIONS.find((name) => name === riskDialog.values.action) ?? null;
  return (
    <FairPlayScreen
      {...view}
      onFilter={(filter) => onSearch(view.withFilter(filter))}
      accounts={bindPages(view.accounts, onSearch)}
      held={bindPages(view.held, onSearch)}
      onOpenAccount={(row) =>
        page.send({ type: "ACCOUNT.OPEN", account: { id: row.userId, label: accountName(row) } })
      }
      onApprove={(row) =>
        page.send({ type: "APPROVE.OPEN", withdrawal: { id: row.id, label: heldLabel(row) } })
      }
      onReject={(row) =>
        page.send({ type: "REJECT.OPEN", withdrawal: { id: row.id, label: heldLabel(row) } })
      }
      panel={{
        open: panel.panelOpen,
        status: panel.panelStatus,
        label: panel.account?.label ?? "",
        detail: panel.detail,
        onClose: () => page.send({ type: "ACCOUNT.CLOSE" }),
        onRetry: () => page.send({ type: "ACCOUNT.RETRY" }),
        onAction: (chosen) => page.send({ type: "RISK.OPEN", action: chosen }),
      }}
      riskDialog={{ ...riskDialog, action }}
      approveDialog={approveDialog}
      rejectDialog={rejectDialog}
    />
  );
}
