import { shallowEqual, useSelector } from "@xstate/react";
import { type AccountFormsView, toAccountFormsView } from "#src/machines/auth/account-forms.view.ts";
import { type SessionSnapshot, toSessionView } from "#src/machines/auth/auth.view.ts";
import { useHydrated } from "#src/pages/shell/use-hydrated.ts";
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
 * What the built HTML shows (docs/decisions/043): nothing under way, no error; a mail's verify link is being
 * checked as the page opens. The browser's hydrating render shows it too, then the session's live state.
 */
const BUILT_LOGIN = { busy: false, formError: null };
const builtForms = (mode: AuthMode): AccountFormsView => ({ busy: mode === "verify", error: null });

/**
 * The sign-in forms (docs/product.md §2): login with the session actor, the others with the account forms,
 * which the session runs while the page is open (the route tells it, src/routes/_session/auth.tsx). The
 * session also clears the forms' errors on each switch of form, confirms a mail's link, and sends a
 * signed-in user on: this page only renders and sends the forms' submits.
 */
export function AuthPage({ runtime, search }: { runtime: AppRuntime; search: AuthSearch }) {
  const { mode = "login", token, redirect, ref } = search;
  const liveLogin = useSelector(runtime.session, selectLogin, shallowEqual);
  const forms = useSelector(runtime.session, (snapshot) => snapshot.children.accountForms);
  const liveForms = useSelector(
    forms,
    (snapshot) => (snapshot ? toAccountFormsView(snapshot) : NO_FORMS),
    shallowEqual,
  );
  useMachineEffects(forms ?? null);
  // Until React has adopted the built page its buttons stay disabled: a press then would submit the form
  // natively (a GET with the password in the address). Typing works from the first paint.
  const hydrated = useHydrated();
  const login = hydrated ? liveLogin : BUILT_LOGIN;
  const { busy, error } = hydrated ? liveForms : builtForms(mode);

  const [title, subtitle] = TITLES[mode];
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      {mode === "login" && (
        <LoginForm
          ready={hydrated}
          busy={login.busy}
          error={login.formError}
          redirect={redirect}
          onSubmit={(values) => runtime.session.send({ type: "LOGIN", ...values, redirect })}
        />
      )}
      {mode === "signup" && (
        <SignupForm
          ready={hydrated}
          busy={busy}
          error={error}
          referralCode={ref}
          onSubmit={(values) => forms?.send({ type: "SIGNUP", ...values })}
        />
      )}
      {mode === "forgot" && (
        <ForgotForm
          ready={hydrated}
          busy={busy}
          error={error}
          onSubmit={(values) => forms?.send({ type: "FORGOT", ...values })}
        />
      )}
      {mode === "reset" && (
        <ResetForm
          ready={hydrated}
          busy={busy}
          error={error}
          onSubmit={(values) => forms?.send({ type: "RESET", token: token ?? "", ...values })}
        />
      )}
      {mode === "verify" && <VerifyStatus busy={busy} error={error} />}
    </AuthLayout>
  );
}
