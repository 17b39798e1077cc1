import { Link } from "@tanstack/react-router";
import { StatusButton } from "../kit/button.tsx";
import { TextField } from "../kit/field.tsx";
import { FormError, readFields } from "./auth-layout.tsx";

export interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm({
  ready = true,
  busy,
  error,
  onSubmit,
  redirect,
}: {
  /** False until the page is live: the submit button stays disabled, so the form cannot submit natively. */
  ready?: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (values: LoginValues) => void;
  redirect?: string;
}) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(readFields(event.currentTarget, ["email", "password"] as const));
      }}
    >
      <TextField label="Email" name="email" type="email" autoComplete="email" placeholder="you@example.com" />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" />
      <div className="-mt-2 text-right">
        <Link
          to="/auth"
          search={{ mode: "forgot", redirect }}
          className="text-sm text-brand-300 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <FormError message={error} />
      <StatusButton
        type="submit"
        disabled={!ready}
        status={busy ? "pending" : "idle"}
        busyLabel="Signing in..."
        size="lg"
      >
        Login
      </StatusButton>
      <p className="text-center text-sm text-slate-400">
        Don't have an account?{" "}
        <Link
          to="/auth"
          search={{ mode: "signup", redirect }}
          className="font-semibold text-brand-300 hover:underline"
        >
          Sign Up
        </Link>
      </p>
    </form>
  );
}
