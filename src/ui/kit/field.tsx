import { type InputHTMLAttributes, useId } from "react";
import { cx } from "./cx.ts";

export const inputClass = cx(
  "h-11 w-full rounded-lg border border-white/10 bg-ink-800 px-3 text-slate-100 placeholder:text-slate-500",
  "focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40",
  "disabled:opacity-60 read-only:bg-ink-900 read-only:text-slate-400",
);

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
}

/** A labelled input; the label is always visible so the field stays understandable once filled. */
export function TextField({ label, hint, id, className, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-300">
        {label}
      </label>
      <input id={inputId} aria-describedby={hintId} className={inputClass} {...rest} />
      {hint && (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
