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
      <Toaster theme="dark" position="top-center" richColors closeButton />
    </>
  );
}
