import type { ReactNode } from "react";
import { cx } from "./cx.ts";

/** An inline message block; "error" is the red banner style. */
export function Alert({ tone = "error", children }: { tone?: "error" | "info"; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cx(
        "rounded-lg border px-4 py-3 text-sm",
        tone === "error"
          ? "border-red-500/40 bg-red-950/60 text-red-200"
          : "border-sky-500/30 bg-sky-950/50 text-sky-100",
      )}
    >
      {children}
    </div>
  );
}
