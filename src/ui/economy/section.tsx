import type { ReactNode } from "react";
import { Alert } from "../kit/alert.tsx";
import { Button } from "../kit/button.tsx";
import { Card } from "../kit/card.tsx";
import { cx } from "../kit/cx.ts";
import { Spinner } from "../kit/spinner.tsx";

/** A titled card of the Rewards page; `id` names the heading the section is labelled by. */
export function Section({
  id,
  title,
  subtitle,
  className,
  children,
}: {
  id: string;
  title: string;
  subtitle?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cx("flex flex-col gap-4", className)}>
      <section aria-labelledby={id} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="text-lg font-semibold text-slate-50">
            {title}
          </h2>
          {subtitle && <p className="text-sm text-slate-400">{subtitle}</p>}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** The waiting and failed states every section shares: a labelled spinner, or what failed and a retry. */
export function SectionStatus({
  status,
  loadingLabel,
  failedText,
  onRetry,
}: {
  status: "loading" | "failed" | "ready";
  loadingLabel: string;
  failedText: string;
  onRetry: () => void;
}) {
  if (status === "loading")
    return (
      <div className="flex justify-center py-6 text-brand-400">
        <Spinner label={loadingLabel} />
      </div>
    );
  if (status === "failed")
    return (
      <div className="flex flex-col gap-3">
        <Alert>{failedText}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  return null;
}
