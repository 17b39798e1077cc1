import { Link } from "@tanstack/react-router";
import { StatusButton } from "../kit/button.tsx";
import { TextField } from "../kit/field.tsx";
import { FormError, readFields } from "./auth-layout.tsx";

export function ResetForm({
  ready = true,
  busy,
  error,
  onSubmit,
}: {
  /** False until the page is live: the submit button stays disabled, so the form cannot submit natively. */
  ready?: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (values: { password: string; confirmPassword: string }) => void;
}) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(readFields(event.currentTarget, ["password", "confirmPassword"] as const));
      }}
    >
      <TextField
        label="New Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
      />
      <TextField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
      />
      <FormError message={error} />
      <StatusButton
        type="submit"
        disabled={!ready}
        status={busy ? "pending" : "idle"}
        busyLabel="Saving..."
        size="lg"
      >
        Set New Password
      </StatusButton>
      <p className="text-center text-sm text-slate-400">
        <Link to="/auth" search={{ mode: "forgot" }} className="font-semibold text-brand-300 hover:underline">
          Request a new link
        </Link>
      </p>
    </form>
  );
}
