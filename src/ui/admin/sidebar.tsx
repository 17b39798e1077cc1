import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { cx } from "../kit/cx.ts";
import { useSidebar } from "./use-sidebar.ts";

const LINKS = [
  { to: "/admin/dashboard", label: "Dashboard", icon: "▦" },
  { to: "/admin/users", label: "User Management", icon: "☺" },
  { to: "/admin/fair-play", label: "Fair play", icon: "⚖" },
  { to: "/admin/funds", label: "Funds Management", icon: "$" },
  { to: "/admin/settings", label: "Admin Settings", icon: "⚙" },
  { to: "/admin/audit", label: "Audit Log", icon: "☰" },
] as const;

/**
 * The admin area's side navigation (docs/product.md §2, §9): 16rem wide, 3rem in icon mode on desktop (Ctrl/Cmd+B or the
 * toggle), an 18rem drawer on screens under 768 px; its state is kept in a cookie for a week.
 */
export function AdminLayout({
  email,
  onLogout,
  children,
}: {
  email: string;
  onLogout: () => void;
  children: ReactNode;
}) {
  const sidebar = useSidebar();
  const wide = sidebar.isMobile || sidebar.expanded;
  const nav = (
    <nav aria-label="Admin" className="flex h-full flex-col gap-1 p-2">
      {LINKS.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          onClick={sidebar.closeMobile}
          title={link.label}
          className="flex h-10 items-center gap-3 rounded-lg px-3 text-sm text-slate-300 hover:bg-white/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          activeProps={{ className: "bg-ink-700 text-brand-300", "aria-current": "page" }}
        >
          <span aria-hidden="true" className="w-4 text-center">
            {link.icon}
          </span>
          <span className={cx(!wide && "sr-only")}>{link.label}</span>
        </Link>
      ))}
      <button
        type="button"
        onClick={onLogout}
        title="Logout"
        className="mt-auto flex h-10 items-center gap-3 rounded-lg px-3 text-left text-sm text-red-300 hover:bg-red-500/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-400"
      >
        <span aria-hidden="true" className="w-4 text-center">
          ↩
        </span>
        <span className={cx(!wide && "sr-only")}>Logout</span>
      </button>
    </nav>
  );
  return (
    <div className="flex min-h-dvh">
      {sidebar.isMobile ? (
        sidebar.mobileOpen && (
          <div className="fixed inset-0 z-40 flex">
            <button
              type="button"
              aria-label="Close navigation"
              className="absolute inset-0 bg-black/60"
              onClick={sidebar.closeMobile}
            />
            <aside
              className="relative z-10 h-full w-[18rem] border-r border-white/10 bg-ink-900"
              data-testid="admin-sidebar"
            >
              {nav}
            </aside>
          </div>
        )
      ) : (
        <aside
          data-testid="admin-sidebar"
          data-state={sidebar.expanded ? "expanded" : "collapsed"}
          className={cx(
            "sticky top-0 h-dvh shrink-0 border-r border-white/10 bg-ink-900 transition-[width]",
            sidebar.expanded ? "w-[16rem]" : "w-[3rem]",
          )}
        >
          {nav}
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center gap-3 border-b border-white/10 px-4">
          <button
            type="button"
            onClick={sidebar.toggle}
            aria-label="Toggle navigation (Ctrl+B)"
            aria-expanded={sidebar.isMobile ? sidebar.mobileOpen : sidebar.expanded}
            className="grid size-9 place-items-center rounded-lg border border-white/10 text-slate-200 hover:bg-white/5"
          >
            ☰
          </button>
          <span className="font-bold text-brand-300">TapRewards Admin</span>
          <span className="ml-auto truncate text-xs text-slate-400">{email}</span>
        </header>
        <main className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-4">{children}</main>
      </div>
    </div>
  );
}
