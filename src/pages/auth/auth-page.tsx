import { shallowEqual, useSelector } from "@xstate/react";
import { type AccountFormsView, toAccountFormsView } from "#src/machines/auth/account-forms.view.ts";
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
  return { busy: loggingIn || status === "loading", formError };
}

/** Before the session has spawned the page's forms (it does so as the route opens): nothing is under way. */
const NO_FORMS: AccountFormsView = { busy: false, error: null };

/**
 * The sign-in forms (docs/product.md §2): login with the session actor, the others with the account forms,
 * which the session runs while the page is open (the route tells it, src/routes/_session/auth.tsx). The
 * session also clears the forms' errors on each switch of form, confirms a mail's link, and sends a
 * signed-in user on: this page only renders and sends the forms' submits.
 */
export function AuthPage({ runtime, search }: { runtime: AppRuntime; search: AuthSearch }) {
  const { mode = "login", token, redirect, ref } = search;
  const login = useSelector(runtime.session, selectLogin, shallowEqual);
  const forms = useSelector(runtime.session, (snapshot) => snapshot.children.accountForms);
  const { busy, error } = useSelector(
    forms,
    (snapshot) => (snapshot ? toAccountFormsView(snapshot) : NO_FORMS),
    shallowEqual,
  );
  useMachineEffects(forms ?? null);

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
          onSubmit={(values) => forms?.send({ type: "SIGNUP", ...values })}
        />
      )}
      {mode === "forgot" && (
        <ForgotForm
          busy={busy}
          error={error}
          onSubmit={(values) => forms?.send({ type: "FORGOT", ...values })}
        />
      )}
      {mode === "reset" && (
        <ResetForm
          busy={busy}
          error={error}
          onSubmit={(values) => forms?.send({ type: "RESET", token: token ?? "", ...values })}
        />
      )}
      {mode === "verify" && <VerifyStatus busy={busy} error={error} />}
    </AuthLayout>
  );
}
