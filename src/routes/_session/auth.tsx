import { createFileRoute } from "@tanstack/react-router";
import { AuthPage } from "#src/pages/auth/auth-page.tsx";
import { authSearch } from "#src/pages/auth/auth-search.ts";

/** /auth?mode=login|signup|forgot|reset|verify (docs/product.md §2): the form the URL names. */
export const Route = createFileRoute("/_session/auth")({
  validateSearch: authSearch,
  component: AuthRoute,
});

function AuthRoute() {
  const { runtime } = Route.useRouteContext();
  return <AuthPage runtime={runtime} search={Route.useSearch()} />;
}
