import { Link } from "@tanstack/react-router";
import { buttonClass } from "../kit/button.tsx";
import { Spinner } from "../kit/spinner.tsx";
import { FormError } from "./auth-layout.tsx";

/** What /auth?mode=verify shows while the emailed link is checked, and what to do if it fails. */
export function VerifyStatus({ busy, error }: { busy: boolean; error: string | null }) {
  if (busy) {
    return (
      <div className="flex items-center gap-3 text-slate-300">
        <Spinner size="sm" label="Confirming your email" /> Confirming your email...
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <FormError message={error} />
      <Link to="/auth" search={{ mode: "login" }} className={buttonClass("primary", "lg")}>
        Go to Login
      </Link>
    </div>
  );
}
