import type { ButtonHTMLAttributes, ReactNode } from "react";
import { cx } from "./cx.ts";
import { Spinner } from "./spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "outline";
export type ButtonSize = "sm" | "md" | "lg";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-500 text-ink-950 hover:bg-brand-400 disabled:bg-brand-500/40",
  secondary: "bg-ink-700 text-slate-100 hover:bg-ink-600 disabled:opacity-50",
  ghost: "bg-transparent text-slate-200 hover:bg-white/5 disabled:opacity-50",
  danger: "bg-red-600 text-white hover:bg-red-500 disabled:opacity-50",
  outline: "border border-white/15 bg-transparent text-slate-100 hover:bg-white/5 disabled:opacity-50",
};

const sizes: Record<ButtonSize, string> = {
  // A minimum, not a fixed height: a label that must wrap on a phone ("Not enough funds") gets room.
  sm: "min-h-8 px-3 py-1 text-sm leading-tight",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
};

export const buttonClass = (variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) =>
  cx(
    "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors",
    "disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
    extra,
  );

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

export interface StatusButtonProps extends ButtonProps {
  /** "pending" shows a spinner and the busy label and disables the button (it maps onto a machine state). */
  status: "idle" | "pending";
  busyLabel?: ReactNode;
}

/** A submit button whose look follows the machine: idle, or busy with a spinner. */
export function StatusButton({ status, busyLabel, children, disabled, ...rest }: StatusButtonProps) {
  const busy = status === "pending";
  return (
    <Button {...rest} disabled={disabled || busy} aria-busy={busy}>
      {busy && <Spinner size="sm" decorative />}
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
