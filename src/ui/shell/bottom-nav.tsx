import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

const icon = (path: ReactNode) => (
  <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2}>
    {path}
  </svg>
);

const ITEMS = [
  {
    to: "/home",
    label: "Home",
    icon: icon(<path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />),
  },
  { to: "/tap", label: "Tap", icon: icon(<circle cx="12" cy="12" r="8" />) },
  {
    to: "/rewards",
    label: "Rewards",
    icon: icon(
      <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z" />,
    ),
  },
  { to: "/wallet", label: "Wallet", icon: icon(<path d="M3 7h18v12H3zM16 13h2M3 7l3-3h12l3 3" />) },
  {
    to: "/features",
    label: "Features",
    icon: icon(<path d="M12 3l2.6 5.6L21 9.3l-4.6 4.3 1.2 6.4L12 17l-5.6 3 1.2-6.4L3 9.3l6.4-.7z" />),
  },
] as const;

/** The protected pages' bottom navigation: Home, Tap, Rewards, Wallet, Features (docs/product.md §2). */
export function BottomNav() {
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-ink-900">
      <ul className="mx-auto grid h-16 max-w-5xl grid-cols-5">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="flex h-full flex-col items-center justify-center gap-1 text-xs text-slate-400 hover:text-slate-100"
              activeProps={{ className: "text-brand-400!", "aria-current": "page" }}
            >
              {item.icon}
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
