import { Link } from "@tanstack/react-router";
import { buttonClass } from "./kit/button.tsx";
import { CoinLogo } from "./landing/coin-logo.tsx";

/** The catch-all screen for unknown paths (docs/product.md §2, route *). */
export function NotFound() {
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-6 py-16 text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/3 left-1/2 size-96 -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-500/10 blur-3xl"
      />
      <CoinLogo className="relative size-16 opacity-90" />
      <p className="relative mt-8 text-7xl font-extrabold tracking-tight tabular-nums text-brand-400">404</p>
      <h1 className="relative mt-4 text-2xl font-bold text-white md:text-3xl">Oops! Page not found.</h1>
      <p className="relative mt-3 max-w-sm text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonClass("primary", "lg", "relative mt-8")}>
        Back to home
      </Link>
    </main>
  );
}
