import { RISK_FILTERS, type RiskActionName } from "#contracts/fair-play-rules.ts";
import type { HeldWithdrawal, RiskAccount } from "#src/api/fair-play-admin.ts";
import { Button } from "../kit/button.tsx";
import { inputClass } from "../kit/field.tsx";
import { ACTION_LABELS, AccountPanel, type AccountPanelProps } from "./account-panel.tsx";
import { type AdminColumn, DataTable, type PagedBinding } from "./data-table.tsx";
import { type FormBinding, FormDialog } from "./form-dialog.tsx";
import { formatAddress, formatDate, formatTime, formatUsdt } from "./format.ts";
import { PageStatusText } from "./page-status.tsx";
import { SignalChips, StatusBadge } from "./risk-parts.tsx";

type Filter = (typeof RISK_FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = {
  review: "In review",
  frozen: "Frozen",
  banned: "Banned",
  appealed: "Appealed",
  all: "All with a score",
};
const ACTION_WORDS: Record<RiskActionName, string> = {
  clear: "Forget its signals and set it back in good standing. The player is told.",
  freeze: "Pause its taps and withdrawals until it is unfrozen. The player can still sign in and appeal.",
  unfreeze: "Let it tap and withdraw again.",
  ban: "Close the account: every session ends at once and its held withdrawals are rejected.",
};

type Target = { label: string } | null;
export type RiskDialog = FormBinding<"reason"> & { target: Target; action: RiskActionName | null };
export type DecisionDialog<TField extends string> = FormBinding<TField> & { target: Target };

export interface FairPlayScreenProps {
  status: "loading" | "failed" | "ready";
  busy: boolean;
  filter: Filter;
  onFilter: (filter: Filter) => void;
  accounts: PagedBinding<RiskAccount>;
  held: PagedBinding<HeldWithdrawal>;
  onOpenAccount: (row: RiskAccount) => void;
  onApprove: (row: HeldWithdrawal) => void;
  onReject: (row: HeldWithdrawal) => void;
  panel: AccountPanelProps;
  riskDialog: RiskDialog;
  approveDialog: DecisionDialog<never>;
  rejectDialog: DecisionDialog<"reason">;
}

export const accountName = (row: { email: string | null; name: string }) => row.email ?? row.name;
/** How a decision's dialog and toast name a held withdrawal. */
export const heldLabel = (row: HeldWithdrawal) =>
  `${formatUsdt(row.amount)} to ${formatAddress(row.address, "no address")}`;

/** Fair play (docs/fair-play.md): accounts by risk with their evidence, and the withdrawals held for review. */
export function FairPlayScreen(props: FairPlayScreenProps) {
  const accountColumns: AdminColumn<RiskAccount>[] = [
    {
      id: "account",
      header: "Account",
      cell: (info) => (
        <button
          type="button"
          className="text-left font-semibold text-brand-300 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          onClick={() => props.onOpenAccount(info.row.original)}
        >
          {accountName(info.row.original)}
          {info.row.original.email && (
            <span className="block text-xs font-normal text-slate-400">{info.row.original.name}</span>
          )}
        </button>
      ),
    },
    {
      id: "score",
      header: "Score",
      cell: (info) => <span className="tabular-nums">{info.row.original.score}</span>,
    },
    { id: "status", header: "Status", cell: (info) => <StatusBadge status={info.row.original.status} /> },
    { id: "signals", header: "Signals", cell: (info) => <SignalChips signals={info.row.original.signals} /> },
    {
      id: "appeal",
      header: "Appeal",
      cell: (info) =>
        info.row.original.appeal ? (
          <span className="block max-w-xs whitespace-normal text-slate-300">
            “{info.row.original.appeal.message}”
            <span className="block text-xs text-slate-400">{formatTime(info.row.original.appeal.at)}</span>
          </span>
        ) : (
          <span className="text-slate-400">None</span>
        ),
    },
    { id: "lastActive", header: "Last Active", cell: (info) => formatDate(info.row.original.lastActive) },
  ];
  const heldColumns: AdminColumn<HeldWithdrawal>[] = [
    { id: "amount", header: "Amount", cell: (info) => formatUsdt(info.row.original.amount) },
    {
      id: "address",
      header: "Address",
      cell: (info) => (
        <span className="font-mono text-xs" title={info.row.original.address ?? undefined}>
          {formatAddress(info.row.original.address, "None")}
        </span>
      ),
    },
    {
      id: "email",
      header: "Account",
      cell: (info) => <BreakableEmail email={info.row.original.email} />,
    },
    {
      id: "score",
      header: "Score",
      cell: (info) => <span className="tabular-nums">{info.row.original.score ?? "–"}</span>,
    },
    { id: "signals", header: "Signals", cell: (info) => <SignalChips signals={info.row.original.signals} /> },
    {
      id: "timestamp",
      header: "Asked",
      cell: (info) => (
        <span className="inline-block min-w-[6rem] whitespace-normal">
          {formatTime(info.row.original.timestamp)}
        </span>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      cell: (info) => (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => props.onApprove(info.row.original)}>
            Approve
          </Button>
          <Button size="sm" variant="outline" onClick={() => props.onReject(info.row.original)}>
            Reject
          </Button>
        </div>
      ),
    },
  ];
  const { riskDialog, approveDialog, rejectDialog } = props;
  const action = riskDialog.action ?? "clear";
  return (
    <>
      <h1 className="text-2xl font-bold">Fair play</h1>
      <p className="text-sm text-slate-400">
        Accounts whose signals add up wait here for a person; their USDT withdrawals are held until one
        decides.
      </p>
      {props.status !== "ready" ? (
        <PageStatusText
          status={props.status}
          loading="Loading the fair play review..."
          failed="Could not load the fair play review."
        />
      ) : (
        <>
          <section aria-labelledby="risk-accounts" className="flex flex-col gap-2">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="risk-accounts" className="text-lg font-semibold">
                Accounts by risk
              </h2>
              <label className="flex flex-col gap-1 text-sm text-slate-300">
                Show
                <select
                  className={inputClass}
                  value={props.filter}
                  onChange={(event) => props.onFilter(event.target.value as Filter)}
                >
                  {RISK_FILTERS.map((filter) => (
                    <option key={filter} value={filter}>
                      {FILTER_LABELS[filter]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <DataTable
              caption="Accounts by risk"
              columns={accountColumns}
              {...props.accounts}
              busy={props.busy}
              emptyText={`No account is ${FILTER_LABELS[props.filter].toLowerCase()}`}
            />
          </section>
          <section aria-labelledby="held-withdrawals" className="flex flex-col gap-2">
            <h2 id="held-withdrawals" className="text-lg font-semibold">
              Held withdrawals
            </h2>
            <DataTable
              caption="Held withdrawals"
              columns={heldColumns}
              {...props.held}
              busy={props.busy}
              emptyText="No withdrawal is waiting for a decision"
            />
          </section>
        </>
      )}
      <AccountPanel {...props.panel} />
      <FormDialog
        {...riskDialog}
        title={`${ACTION_LABELS[action]} account`}
        description={ACTION_WORDS[action]}
        fields={[
          { name: "account", label: "Account", value: riskDialog.target?.label ?? "", readOnly: true },
          { name: "reason", label: "Reason (3 to 500 characters)", value: riskDialog.values.reason ?? "" },
        ]}
        submitLabel={ACTION_LABELS[action]}
      />
      <FormDialog
        {...approveDialog}
        title="Approve withdrawal"
        description="It is sent to the chain at once, as any other withdrawal."
        fields={[
          {
            name: "withdrawal",
            label: "Withdrawal",
            value: approveDialog.target?.label ?? "",
            readOnly: true,
          },
        ]}
        submitLabel="Approve"
      />
      <FormDialog
        {...rejectDialog}
        title="Reject withdrawal"
        description="The USDT goes back to the player's wallet; the player sees your reason."
        fields={[
          {
            name: "withdrawal",
            label: "Withdrawal",
            value: rejectDialog.target?.label ?? "",
            readOnly: true,
          },
          { name: "reason", label: "Reason (3 to 500 characters)", value: rejectDialog.values.reason ?? "" },
        ]}
        submitLabel="Reject"
      />
    </>
  );
}

/** An email that may wrap after its @ (a narrow table keeps its Actions in view), never inside a word. */
function BreakableEmail({ email }: { email: string | null }) {
  if (!email) return <span className="text-slate-400">Unknown</span>;
  const at = email.indexOf("@");
  return (
    <span className="whitespace-normal">
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}
