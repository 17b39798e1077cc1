import { cx } from "../kit/cx.ts";

/** The brand mark: a gold coin stamped with a T. */
export function CoinLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx("size-8 shrink-0", className)}>
      <circle cx="16" cy="16" r="15" fill="#d99a00" />
      <circle cx="16" cy="15" r="14" fill="#f5b301" />
      <circle cx="16" cy="15" r="10.5" fill="#ffca28" stroke="#d99a00" strokeWidth="1.5" />
      <path d="M11 10.5h10v3h-3.4V21h-3.2v-7.5H11z" fill="#7a4f00" />
    </svg>
  );
}
