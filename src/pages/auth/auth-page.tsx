import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { accountFormsMachine } from "#src/machines/auth/account-forms.machine.ts";
import { toAccountFormsView } from "#src/machines/auth/account-forms.view.ts";
import { type SessionSnapshot, toSessionView } from "#src/machines/auth/auth.view.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { AuthLayout } from "#src/ui/auth/auth-layout.tsx";
import { ForgotForm } from "#src/ui/auth/forgot-form.tsx";
import { LoginForm } from "#src/ui/auth/login-form.tsx";
import { ResetForm } from "#src/ui/auth/reset-form.tsx";
import { SignupForm } from "#src/ui/auth/signup-form.tsx";
import { VerifyStatus } from "#src/ui/auth/verify-status.tsx";
import type { AuthMode, AuthSearch } from "./auth-search.ts";

const TITLES: Record<AuthMode, [string, string]> = {
  login: ["Welcome back", "Log in to keep tapping and earning."],
  signup: ["Create your account", "Start tapping and earning in seconds."],
  forgot: ["Reset your password", "Enter your email and we'll send you a reset link."],
  reset: ["Choose a new password", "Pick a password of at least 8 characters."],
  verify: ["Confirming your email", "One moment while we check your link."],
};

/** What the login form needs of the session: a user's new figures elsewhere do not redraw the page. */
function selectLogin(snapshot: SessionSnapshot) {
  const { status, loggingIn, formError } = toSessionView(snapshot);
  return { signedIn: status === "signedIn", busy: loggingIn || status === "loading", formError };
}

/** The sign-in forms (docs/product.md §2): login with the session actor, the others with the account forms. */
export function AuthPage({ runtime, search }: { runtime: AppRuntime; search: AuthSearch }) {
  const { mode = "login", token, redirect, ref } = search;
  const login = useSelector(runtime.session, selectLogin, shallowEqual);
  const { signup, forgotPassword, resetPassword, verifyEmail } = runtime.authActors;
  const forms = useActorRef(
    accountFormsMachine.provide({ actors: { signup, forgotPassword, resetPassword, verifyEmail } }),
  );
  const { busy, error } = useSelector(forms, toAccountFormsView, shallowEqual);
  useMachineEffects(forms);

  // docs/product.md §2: a visitor who is already signed in is sent on to where they came from; also one who
  // becomes signed in here without the form (inside Telegram, the Mini App signs in by itself).
  const { signedIn } = login;
  useEffect(() => {
    if (signedIn) runtime.session.send({ type: "REDIRECT_IF_SIGNED_IN", to: redirect ?? "/home" });
  }, [runtime.session, redirect, signedIn]);
  // A message from one form does not follow the user to another: `mode` is the trigger, not an input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on every mode switch
  useEffect(() => {
    runtime.session.send({ type: "FORM.CLEAR" });
    forms.send({ type: "FORM.CLEAR" });
  }, [mode, runtime.session, forms]);
  // The verification mail's link confirms the address as soon as it is opened.
  useEffect(() => {
    if (mode === "verify") forms.send({ type: "VERIFY", token: token ?? "" });
  }, [mode, token, forms]);

  const [title, subtitle] = TITLES[mode];
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      {mode === "login" && (
        <LoginForm
          busy={login.busy}
          error={login.formError}
          redirect={redirect}
          onSubmit={(values) => runtime.session.send({ type: "LOGIN", ...values, redirect })}
        />
      )}
      {mode === "signup" && (
        <SignupForm
          busy={busy}
          error={error}
          referralCode={ref}
          onSubmit={(values) => forms.send({ type: "SIGNUP", ...values })}
        />
      )}
      {mode === "forgot" && (
        <ForgotForm
          busy={busy}
          error={error}
          onSubmit={(values) => forms.send({ type: "FORGOT", ...values })}
        />
      )}
      {mode === "reset" && (
        <ResetForm
          busy={busy}
          error={error}
          onSubmit={(values) => forms.send({ type: "RESET", token: token ?? "", ...values })}
        />
      )}
      {mode === "verify" && <VerifyStatus busy={busy} error={error} />}
    </AuthLayout>
  );
}
