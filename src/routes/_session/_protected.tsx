import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { needsLogin } from "#src/machines/auth/auth.view.ts";
import { ProtectedLayout } from "#src/pages/shell/protected-layout.tsx";
import { useTapsActor } from "#src/pages/shell/use-taps.ts";

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
  const taps = useTapsActor(runtime);
  return (
    <ProtectedLayout
      runtime={runtime}
      onLogout={() => {
        // Taps not yet sent leave first, while the token is still valid.
        taps?.send({ type: "PAGEHIDE" });
        runtime.session.send({ type: "LOGOUT", to: "/auth?mode=login" });
      }}
    >
      <Outlet />
    </ProtectedLayout>
  );
}
