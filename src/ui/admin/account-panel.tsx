import type { RiskActionName } from "#contracts/fair-play-rules.ts";
import type { RiskDetail } from "#src/api/fair-play-admin.ts";
import { Button } from "../kit/button.tsx";
import { Modal } from "../kit/modal.tsx";
import { Spinner } from "../kit/spinner.tsx";
import { formatDate, formatTime } from "./format.ts";
import { StatusBadge } from "./risk-parts.tsx";

export interface AccountPanelProps {
  open: boolean;
  status: "loading" | "failed" | "ready";
  label: string;
  detail: RiskDetail | null;
  onClose: () => void;
  onRetry: () => void;
  onAction: (action: RiskActionName) => void;
}

/** Which actions fit an account's standing: nothing to unfreeze unless frozen, nothing to do once banned. */
export function actionsFor(detail: RiskDetail): RiskActionName[] {
  if (detail.status === "banned") return [];
  const actions: RiskActionName[] = [];
  if (detail.status !== "ok" || detail.score > 0) actions.push("clear");
  actions.push(detail.status === "frozen" ? "unfreeze" : "freeze");
  actions.push("ban");
  return actions;
}

export const ACTION_LABELS: Record<RiskActionName, string> = {
  clear: "Clear",
  freeze: "Freeze",
  unfreeze: "Unfreeze",
  ban: "Ban",
};

/** One account's risk (docs/fair-play.md): its signals with evidence, networks, referrer and friends, the actions. */
export function AccountPanel(props: AccountPanelProps) {
  const { detail } = props;
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={`Account ${props.label}`}
      description="What the signals saw, the networks it used in 30 days, who invited it and whom it invited."
    >
      {props.status === "loading" && (
        <div className="grid place-items-center py-6 text-brand-400">
          <Spinner label="Loading the account" />
        </div>
      )}
      {props.status === "failed" && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-300">Could not load this account's risk.</p>
          <Button size="sm" variant="outline" onClick={props.onRetry}>
            Try again
          </Button>
        </div>
      )}
      {props.status === "ready" && detail && (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-2 gap-2">
            <div>
              <dt className="text-slate-400">Score</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid="account-score">
                {detail.score}
              </dd>
            </div>
            <div>
              <dt className="text-slate-400">Standing</dt>
              <dd>
                <StatusBadge status={detail.status} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-400">Joined</dt>
              <dd>{formatDate(detail.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-slate-400">Last active</dt>
              <dd>{formatDate(detail.lastActive)}</dd>
            </div>
          </dl>
          {detail.appeal && (
            <section aria-labelledby="panel-appeal">
              <h3 id="panel-appeal" className="font-semibold">
                Appeal
              </h3>
              <p className="text-slate-300">“{detail.appeal.message}”</p>
              <p className="text-xs text-slate-400">{formatTime(detail.appeal.at)}</p>
            </section>
          )}
          <section aria-labelledby="panel-signals">
            <h3 id="panel-signals" className="font-semibold">
              Signals
            </h3>
            {detail.signals.length === 0 ? (
              <p className="text-slate-400">No signal since the last clear.</p>
            ) : (
              <ul className="mt-1 flex flex-col gap-2">
                {detail.signals.map((signal) => (
                  <li key={`${signal.id}-${signal.at}`} className="rounded-lg border border-white/10 p-2">
                    <p className="font-semibold">
                      {signal.id} <span className="tabular-nums text-brand-300">+{signal.weight}</span>
                    </p>
                    <p className="text-slate-300">{signal.evidence}</p>
                    <p className="text-xs text-slate-400">{formatTime(signal.at)}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="panel-networks">
            <h3 id="panel-networks" className="font-semibold">
              Networks (30 days)
            </h3>
            {detail.networks.length === 0 ? (
              <p className="text-slate-400">None recorded.</p>
            ) : (
              <ul className="mt-1 flex flex-col gap-1">
                {detail.networks.map((network) => (
                  <li key={network.network} className="flex justify-between gap-2">
                    <span className="break-all font-mono text-xs">{network.network}</span>
                    <span className="shrink-0 tabular-nums text-slate-300">
                      {network.accounts} {network.accounts === 1 ? "account" : "accounts"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="panel-referrer">
            <h3 id="panel-referrer" className="font-semibold">
              Referrer
            </h3>
            {detail.referrer ? (
              <p className="flex items-center gap-2">
                {detail.referrer.email ?? detail.referrer.name}{" "}
                <StatusBadge status={detail.referrer.status} />
              </p>
            ) : (
              <p className="text-slate-400">Nobody invited this account.</p>
            )}
          </section>
          <section aria-labelledby="panel-friends">
            <h3 id="panel-friends" className="font-semibold">
              Friends ({detail.friends.length})
            </h3>
            {detail.friends.length === 0 ? (
              <p className="text-slate-400">This account invited nobody.</p>
            ) : (
              <ul className="mt-1 flex flex-col gap-1">
                {detail.friends.map((friend) => (
                  <li key={friend.userId} className="flex items-center justify-between gap-2">
                    <span className="truncate">{friend.email ?? friend.name}</span>
                    <span className="flex shrink-0 items-center gap-2">
                      <span className="tabular-nums text-slate-300">score {friend.score}</span>
                      <StatusBadge status={friend.status} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className="flex flex-wrap justify-end gap-2 border-t border-white/10 pt-4">
            <Button variant="ghost" onClick={props.onClose}>
              Close
            </Button>
            {actionsFor(detail).map((action) => (
              <Button
                key={action}
                variant={action === "ban" ? "danger" : action === "clear" ? "primary" : "outline"}
                onClick={() => props.onAction(action)}
              >
                {ACTION_LABELS[action]}
              </Button>
            ))}
          </div>
        </div>
      )}
    </Modal>
  );
}
