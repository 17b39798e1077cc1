import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { mayEnterAdminArea, toAdminSessionView } from "#src/machines/admin/admin-session.view.ts";
import { AdminLayout } from "#src/ui/admin/sidebar.tsx";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";

/**
 * The admin guard (docs/product.md §2, docs/design.md §7): entering /admin/* has the admin session ask the
 * server again whose token it holds (its `confirming` state); the guard only waits for the session to settle
 * and lets in an admin, or a session the server could not be asked about (the page then shows its own error).
 * Anyone else goes back to /admin. The server checks the role on every call regardless.
 */
export const Route = createFileRoute("/admin/_area")({
  beforeLoad: async ({ context: { runtime }, cause }) => {
    if (cause === "enter") runtime.adminSession.send({ type: "AREA.ENTER" });
    if (!mayEnterAdminArea(await runtime.adminSettled())) throw redirect({ to: "/admin" });
  },
  component: AdminArea,
});

function AdminArea() {
  const { runtime } = Route.useRouteContext();
  const { user, leaving } = useSelector(runtime.adminSession, toAdminSessionView);
  if (leaving || !user) return <PageSpinner label="Signing out" />;
  return (
    <AdminLayout email={user.email} onLogout={() => runtime.adminSession.send({ type: "LOGOUT" })}>
      <Outlet />
    </AdminLayout>
  );
}
