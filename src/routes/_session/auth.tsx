import { createFileRoute } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { accountFormsMachine } from "#src/machines/auth/account-forms.machine.ts";
import { toSessionView } from "#src/machines/auth/auth.view.ts";
import { AuthLayout } from "#src/ui/auth/auth-layout.tsx";
import { ForgotForm } from "#src/ui/auth/forgot-form.tsx";
import { LoginForm } from "#src/ui/auth/login-form.tsx";
import { ResetForm } from "#src/ui/auth/reset-form.tsx";
import { SignupForm } from "#src/ui/auth/signup-form.tsx";
import { VerifyStatus } from "#src/ui/auth/verify-status.tsx";
import { safeRedirect } from "../-shared/safe-redirect.ts";
import { useMachineEffects } from "../-shared/use-machine-effects.ts";

const MODES = ["login", "signup", "forgot", "reset", "verify"] as const;
export type AuthMode = (typeof MODES)[number];
export interface AuthSearch {
  mode?: AuthMode;
  token?: string;
  redirect?: string;
  /** The inviting friend's referral code, from the link a Referral card shares. */
  ref?: string;
}

const TITLES: Record<AuthMode, [string, string]> = {
  login: ["Welcome back", "Log in to keep tapping and earning."],
  signup: ["Create your account", "Start tapping and earning in seconds."],
  forgot: ["Reset your password", "Enter your email and we'll send you a reset link."],
  reset: ["Choose a new password", "Pick a password of at least 8 characters."],
  verify: ["Confirming your email", "One moment while we check your link."],
};

export const Route = createFileRoute("/_session/auth")({
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    mode: MODES.find((mode) => mode === search.mode),
    token: typeof search.token === "string" ? search.token : undefined,
    redirect: safeRedirect(search.redirect),
    ref: typeof search.ref === "string" ? search.ref.slice(0, 64) : undefined,
  }),
  component: AuthPage,
});

function AuthPage() {
  const { runtime } = Route.useRouteContext();
  const { mode = "login", token, redirect, ref } = Route.useSearch();
  const session = useSelector(runtime.session, toSessionView);
  const { signup, forgotPassword, resetPassword, verifyEmail } = runtime.authActors;
  const forms = useActorRef(
    accountFormsMachine.provide({ actors: { signup, forgotPassword, resetPassword, verifyEmail } }),
  );
  const formsBusy = useSelector(forms, (snapshot) => snapshot.hasTag("busy"));
  const formsError = useSelector(forms, (snapshot) => snapshot.context.formError);
  useMachineEffects(forms);

  // docs/product.md §2: a visitor who is already signed in is sent on to where they came from; also one who
  // becomes signed in here without the form (inside Telegram, the Mini App signs in by itself).
  const signedIn = session.status === "signedIn";
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
          busy={session.loggingIn || session.status === "loading"}
          error={session.formError}
          redirect={redirect}
          onSubmit={(values) => runtime.session.send({ type: "LOGIN", ...values, redirect })}
        />
      )}
      {mode === "signup" && (
        <SignupForm
          busy={formsBusy}
          error={formsError}
          referralCode={ref}
          onSubmit={(values) => forms.send({ type: "SIGNUP", ...values })}
        />
      )}
      {mode === "forgot" && (
        <ForgotForm
          busy={formsBusy}
          error={formsError}
          onSubmit={(values) => forms.send({ type: "FORGOT", ...values })}
        />
      )}
      {mode === "reset" && (
        <ResetForm
          busy={formsBusy}
          error={formsError}
          onSubmit={(values) => forms.send({ type: "RESET", token: token ?? "", ...values })}
        />
      )}
      {mode === "verify" && <VerifyStatus busy={formsBusy} error={formsError} />}
    </AuthLayout>
  );
}
