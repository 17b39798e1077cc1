import { cx } from "./cx.ts";

export function Spinner({
  size = "md",
  label = "Loading",
  className,
}: {
  size?: "sm" | "md" | "lg";
  label?: string;
  className?: string;
}) {
  const dims = { sm: "size-4 border-2", md: "size-8 border-[3px]", lg: "size-12 border-4" }[size];
  return (
    <span role="status" aria-label={label} className={cx("inline-block", className)}>
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
