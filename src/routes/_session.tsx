import { createFileRoute, Outlet } from "@tanstack/react-router";
import { Toaster } from "sonner";
import { useMachineEffects } from "./-shared/use-machine-effects.ts";

/** Every route that needs the signed-in session sits below this pathless layout, which starts the runtime. */
export const Route = createFileRoute("/_session")({
  beforeLoad: async ({ context }) => ({ runtime: await context.loadRuntime() }),
  component: SessionLayout,
});

function SessionLayout() {
  const { runtime } = Route.useRouteContext();
  useMachineEffects(runtime.session);
  return (
    <>
      <Outlet />
      {/* Above the bottom navigation, so a toast never hides the header's balances it is reporting on. */}
      <Toaster
        theme="dark"
        position="bottom-center"
        offset={{ bottom: 88 }}
        mobileOffset={{ bottom: 88 }}
        richColors
        closeButton
      />
    </>
  );
}
