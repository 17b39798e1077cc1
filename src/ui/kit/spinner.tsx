import { cx } from "./cx.ts";

/**
 * A spinning ring. On its own it is a live status with a label; `decorative` inside a control whose own
 * state says it is busy (a button with aria-busy), so the control's name stays its words ("Processing...").
 */
export function Spinner({
  size = "md",
  label = "Loading",
  decorative = false,
  className,
}: {
  size?: "sm" | "md" | "lg";
  label?: string;
  decorative?: boolean;
  className?: string;
}) {
  const dims = { sm: "size-4 border-2", md: "size-8 border-[3px]", lg: "size-12 border-4" }[size];
  const semantics = decorative ? { "aria-hidden": true as const } : { role: "status", "aria-label": label };
  return (
    <span {...semantics} className={cx("inline-block", className)}>
      <span
        className={cx("block animate-spin rounded-full border-current border-t-transparent opacity-80", dims)}
      />
    </span>
  );
}

/** A full-area spinner for a screen that waits on its first data. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-400">
      <Spinner size="lg" label={label} />
    </div>
  );
}
