import { createFileRoute, Outlet } from "@tanstack/react-router";
import { Toaster } from "sonner";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";

/** The admin area (docs/product.md §2): its own session (adminUser, adminSession) beside the user's, and its toasts. */
export const Route = createFileRoute("/admin")({
  beforeLoad: async ({ context }) => ({ runtime: await context.loadRuntime() }),
  component: AdminRoot,
});

function AdminRoot() {
  const { runtime } = Route.useRouteContext();
  useMachineEffects(runtime.adminSession);
  return (
    <>
      <Outlet />
      <Toaster theme="dark" position="top-right" richColors closeButton />
    </>
  );
}
