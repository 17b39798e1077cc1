import { Link } from "@tanstack/react-router";
import { StatusButton } from "../kit/button.tsx";
import { TextField } from "../kit/field.tsx";
import { FormError, readFields } from "./auth-layout.tsx";

export interface SignupValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
}

const FIELDS = ["name", "email", "password", "confirmPassword", "referralCode"] as const;

export function SignupForm({
  ready = true,
  busy,
  error,
  referralCode,
  onSubmit,
}: {
  /** False until the page is live: the submit button stays disabled, so the form cannot submit natively. */
  ready?: boolean;
  busy: boolean;
  /** From the invitation link (`?ref=`): the field starts filled in and stays editable. */
  referralCode?: string;
  error: string | null;
  onSubmit: (values: SignupValues) => void;
}) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(readFields(event.currentTarget, FIELDS));
      }}
    >
      <TextField label="Full Name" name="name" autoComplete="name" placeholder="Ada Lovelace" />
      <TextField label="Email" name="email" type="email" autoComplete="email" placeholder="you@example.com" />
      <TextField
        label="Password"
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
      <TextField
        label="Referral code (optional)"
        name="referralCode"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={referralCode}
        hint={referralCode ? "From your friend's invitation: they earn a share of your taps." : undefined}
      />
      <FormError message={error} />
      <StatusButton
        type="submit"
        disabled={!ready}
        status={busy ? "pending" : "idle"}
        busyLabel="Creating account..."
        size="lg"
      >
        Sign Up
      </StatusButton>
      <p className="text-center text-sm text-slate-400">
        Already have an account?{" "}
        <Link to="/auth" search={{ mode: "login" }} className="font-semibold text-brand-300 hover:underline">
          Login
        </Link>
      </p>
    </form>
  );
}
