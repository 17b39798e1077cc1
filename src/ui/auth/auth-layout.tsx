import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Alert } from "../kit/alert.tsx";

/** The centred card every auth form sits in, with the brand above it. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,_rgba(245,179,1,0.12),_transparent_60%)] px-4 py-10">
      <Link to="/" className="mb-8 flex items-center gap-2 text-xl font-bold text-slate-50">
        <span aria-hidden className="grid size-9 place-items-center rounded-full bg-brand-500 text-ink-950">
          $
        </span>
        TapRewards
      </Link>
      <section
        aria-labelledby="auth-title"
        className="w-full max-w-md rounded-2xl border border-white/10 bg-ink-800/90 p-6 shadow-2xl shadow-black/40 sm:p-8"
      >
        <h1 id="auth-title" className="text-2xl font-bold text-slate-50">
          {title}
        </h1>
        <p className="mt-1 mb-6 text-sm text-slate-400">{subtitle}</p>
        {children}
      </section>
    </main>
  );
}

export function FormError({ message }: { message: string | null }) {
  return message ? <Alert>{message}</Alert> : null;
}

/** Reads a form's named text fields; the forms stay uncontrolled, so typing never re-renders the page. */
export function readFields<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? "")])) as Record<K, string>;
}
