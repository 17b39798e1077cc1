import type { ReactNode } from "react";
import { Card } from "../kit/card.tsx";

/** A labelled figure card of the Home screen; `loading` keeps the space while the first figures arrive. */
export function Figure({
  label,
  value,
  loading,
  action,
}: {
  label: string;
  value: string;
  loading?: boolean;
  action?: ReactNode;
}) {
  return (
    <Card className="flex items-center justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="text-sm text-slate-400">{label}</span>
        <span className="truncate text-2xl font-bold tabular-nums text-slate-50" aria-busy={loading}>
          {loading ? "…" : value}
        </span>
      </div>
      {action}
    </Card>
  );
}
