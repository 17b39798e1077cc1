import { createFileRoute, Outlet, useRouterState } from "@tanstack/react-router";
import { Toaster } from "sonner";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";

/** Every route that needs the signed-in session sits below this pathless layout, which starts the runtime. */
export const Route = createFileRoute("/_session")({
  beforeLoad: async ({ context }) => ({ runtime: await context.loadRuntime() }),
  component: SessionLayout,
});

function SessionLayout() {
  const { runtime } = Route.useRouteContext();
  useMachineEffects(runtime.session);
  // The sign-in forms have no header balances to keep clear, but their button sits low on a phone: there a
  // toast at the bottom would cover the button the user presses next, so it shows at the top instead.
  const onSignInForms = useRouterState({ select: (state) => state.location.pathname === "/auth" });
  return (
    <>
      <Outlet />
      {/* Elsewhere above the bottom navigation, so a toast never hides the header's balances it reports on. */}
      <Toaster
        theme="dark"
        position={onSignInForms ? "top-center" : "bottom-center"}
        offset={onSignInForms ? undefined : { bottom: 88 }}
        mobileOffset={onSignInForms ? undefined : { bottom: 88 }}
        richColors
        closeButton
      />
    </>
  );
}
