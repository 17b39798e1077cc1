import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "../kit/button.tsx";
import { cx } from "../kit/cx.ts";
import { CoinLogo } from "./coin-logo.tsx";
import { Icon } from "./icons.tsx";

const navLinkClass = "rounded-md text-sm font-medium text-slate-300 transition-colors hover:text-white";

/** The three page links; `onNavigate` lets the mobile menu close itself when one is followed. */
function PageLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <>
      <Link to="/features" className={cx(navLinkClass, className)} onClick={onNavigate}>
        Features
      </Link>
      <Link to="/auth" className={cx(navLinkClass, className)} onClick={onNavigate}>
        How it works
      </Link>
      <Link to="/wallet" className={cx(navLinkClass, className)} onClick={onNavigate}>
        About
      </Link>
    </>
  );
}

function AccountLinks({
  className,
  onNavigate,
  loginVariant = "ghost",
}: {
  className?: string;
  onNavigate?: () => void;
  loginVariant?: "ghost" | "outline";
}) {
  return (
    <>
      <Link
        to="/auth"
        search={{ mode: "login" }}
        className={buttonClass(loginVariant, "md", className)}
        onClick={onNavigate}
      >
        Login
      </Link>
      <Link
        to="/auth"
        search={{ mode: "signup" }}
        className={buttonClass("primary", "md", className)}
        onClick={onNavigate}
      >
        Get Started
      </Link>
    </>
  );
}

export function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-white">
      <CoinLogo />
      TapRewards
    </Link>
  );
}

/**
 * Fixed header. Below 768 px the links move into a disclosure menu: the button reports aria-expanded,
 * opening focuses the first link, Escape (or a press outside) closes it and focus returns to the button.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    menuRef.current?.querySelector<HTMLElement>("a[href]")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);

  return (
    <header
      ref={headerRef}
      className="fixed inset-x-0 top-0 z-50 border-b border-white/5 bg-ink-900/85 backdrop-blur-md"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-8 md:flex">
          <PageLinks />
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <AccountLinks />
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-200 hover:bg-white/5 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? "close" : "menu"} className="size-6" />
        </button>
      </div>
      <div
        ref={menuRef}
        id={menuId}
        hidden={!menuOpen}
        className="border-t border-white/5 bg-ink-900/95 px-4 pt-2 pb-5 shadow-2xl shadow-black/50 md:hidden"
      >
        <nav aria-label="Main" className="flex flex-col">
          <PageLinks className="px-3 py-3 text-base hover:bg-white/5" onNavigate={closeMenu} />
        </nav>
        <div className="mt-3 grid grid-cols-2 gap-3 border-t border-white/5 pt-4">
          <AccountLinks className="w-full" loginVariant="outline" onNavigate={closeMenu} />
        </div>
      </div>
    </header>
  );
}
