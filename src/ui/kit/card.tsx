import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./cx.ts";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cx(
        "rounded-2xl border border-white/10 bg-ink-800/80 p-5 shadow-lg shadow-black/20",
        className,
      )}
      {...rest}
    />
  );
}

/** A labelled figure: title above, value below in tabular digits so changing numbers do not shift the layout. */
export function StatCard({
  title,
  value,
  detail,
  icon,
}: {
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-1">
      <div className="flex items-center justify-between text-sm text-slate-400">
        <span>{title}</span>
        {icon}
      </div>
      <div className="text-2xl font-bold tabular-nums text-slate-50">{value}</div>
      {detail && <div className="text-xs text-slate-400">{detail}</div>}
    </Card>
  );
}
