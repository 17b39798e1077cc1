import { createFileRoute } from "@tanstack/react-router";
import { AuthPage } from "#src/pages/auth/auth-page.tsx";
import { type AuthSearch, authSearch } from "#src/pages/auth/auth-search.ts";
import type { AppRuntime } from "#src/runtime.ts";

/** The session runs the page's forms and its redirect while the page is open (auth.machine.ts). */
const opened = (runtime: AppRuntime, { mode, token, redirect }: AuthSearch) =>
  runtime.session.send({ type: "AUTH_PAGE.OPENED", mode, token, redirect });

/** /auth?mode=login|signup|forgot|reset|verify (docs/product.md §2): the form the URL names. */
export const Route = createFileRoute("/_session/auth")({
  validateSearch: authSearch,
  onEnter: ({ context, search }) => opened(context.runtime, search),
  onStay: ({ context, search }) => opened(context.runtime, search),
  onLeave: ({ context }) => context.runtime.session.send({ type: "AUTH_PAGE.CLOSED" }),
  component: AuthRoute,
});

function AuthRoute() {
  const { runtime } = Route.useRouteContext();
  return <AuthPage runtime={runtime} search={Route.useSearch()} />;
}
