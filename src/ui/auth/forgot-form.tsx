import { Link } from "@tanstack/react-router";
import { StatusButton } from "../kit/button.tsx";
import { TextField } from "../kit/field.tsx";
import { FormError, readFields } from "./auth-layout.tsx";

export function ForgotForm({
  ready = true,
  busy,
  error,
  onSubmit,
}: {
  /** False until the page is live: the submit button stays disabled, so the form cannot submit natively. */
  ready?: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (values: { email: string }) => void;
}) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(readFields(event.currentTarget, ["email"] as const));
      }}
    >
      <TextField label="Email" name="email" type="email" autoComplete="email" placeholder="you@example.com" />
      <FormError message={error} />
      <StatusButton
        type="submit"
        disabled={!ready}
        status={busy ? "pending" : "idle"}
        busyLabel="Sending..."
        size="lg"
      >
        Send Reset Link
      </StatusButton>
      <p className="text-center text-sm text-slate-400">
        Remembered it?{" "}
        <Link to="/auth" search={{ mode: "login" }} className="font-semibold text-brand-300 hover:underline">
          Back to Login
        </Link>
      </p>
    </form>
  );
}
