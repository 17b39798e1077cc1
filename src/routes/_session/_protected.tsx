import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { needsLogin } from "#src/machines/auth/auth.view.ts";
import { ProtectedLayout } from "#src/pages/shell/protected-layout.tsx";

/** The protected wrapper (docs/product.md §2, §4): /home, /tap, /rewards, /wallet and /features render inside it. */
export const Route = createFileRoute("/_session/_protected")({
  beforeLoad: async ({ context, location }) => {
    const snapshot = await context.runtime.sessionSettled();
    if (needsLogin(snapshot)) {
      throw redirect({ to: "/auth", search: { mode: "login", redirect: location.href } });
    }
  },
  component: Protected,
});

function Protected() {
  const { runtime } = Route.useRouteContext();
  return (
    <ProtectedLayout
      runtime={runtime}
      // One event: the root actor sends the pending taps first, then logs the session out.
      onLogout={() => runtime.app.send({ type: "LOGOUT", to: "/auth?mode=login" })}
    >
      <Outlet />
    </ProtectedLayout>
  );
}
