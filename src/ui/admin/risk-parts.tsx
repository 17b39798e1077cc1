import type { AccountStatusName } from "#contracts/fair-play-rules.ts";
import type { RiskSignal } from "#src/api/fair-play-admin.ts";
import { cx } from "../kit/cx.ts";
import { formatTime } from "./format.ts";

const STATUS_STYLE: Record<AccountStatusName, string> = {
  ok: "border-emerald-400/40 bg-emerald-500/10 text-emerald-200",
  review: "border-amber-400/40 bg-amber-500/10 text-amber-200",
  frozen: "border-sky-400/40 bg-sky-500/10 text-sky-200",
  banned: "border-red-400/40 bg-red-500/10 text-red-200",
};
const STATUS_WORD: Record<AccountStatusName, string> = {
  ok: "OK",
  review: "In review",
  frozen: "Frozen",
  banned: "Banned",
};

const isStatus = (status: unknown): status is AccountStatusName =>
  typeof status === "string" && status in STATUS_WORD;

/**
 * An account's standing as a badge: its word is the text, the colour only repeats it. (The contract types the
 * status as an enum value, so a word we do not know is shown as it came.)
 */
export function StatusBadge({ status }: { status: unknown }) {
  const known = isStatus(status) ? status : null;
  return (
    <span
      className={cx(
        "inline-flex whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold",
        known ? STATUS_STYLE[known] : "border-white/20 text-slate-200",
      )}
    >
      {known ? STATUS_WORD[known] : String(status)}
    </span>
  );
}

/**
 * An account's signals as chips; each opens (click, Enter or Space: it is a disclosure) to its evidence in words
 * and when it was raised, so an admin can check what was seen. `null`: the account's risk could not be read.
 */
export function SignalChips({ signals }: { signals: RiskSignal[] | null }) {
  if (signals === null) return <span className="text-slate-400">Could not be read</span>;
  if (signals.length === 0) return <span className="text-slate-400">None</span>;
  return (
    <ul className="flex min-w-[11rem] max-w-[16rem] flex-wrap gap-1.5 whitespace-normal">
      {signals.map((signal) => (
        <li key={`${signal.id}-${signal.at}`}>
          <details className="group rounded-lg border border-white/10 bg-ink-900 text-xs">
            <summary className="cursor-pointer list-none px-2 py-1 font-semibold text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400">
              {signal.id} <span className="tabular-nums text-brand-300">+{signal.weight}</span>
            </summary>
            <p className="max-w-xs px-2 pb-2 text-slate-300">
              {signal.evidence}
              <span className="mt-1 block text-slate-400">{formatTime(signal.at)}</span>
            </p>
          </details>
        </li>
      ))}
    </ul>
  );
}
