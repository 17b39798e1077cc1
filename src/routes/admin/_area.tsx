import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { AdminLayout } from "#src/ui/admin/sidebar.tsx";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";

/**
 * The admin guard (spec §2, DESIGN.md §7): every /admin/* page asks the server whether the stored token is
 * still an admin's before it renders; anyone else goes back to /admin. The server checks again on every call.
 */
export const Route = createFileRoute("/admin/_area")({
  beforeLoad: async ({ context }) => {
    const snapshot = await context.runtime.adminSettled();
    if (!snapshot.matches("signedIn") || !(await context.runtime.adminActors.confirmRole())) {
      throw redirect({ to: "/admin" });
    }
  },
  component: AdminArea,
});

function AdminArea() {
  const { runtime } = Route.useRouteContext();
  const user = useSelector(runtime.adminSession, (snapshot) => snapshot.context.user);
  const leaving = useSelector(runtime.adminSession, (snapshot) => !snapshot.matches("signedIn"));
  if (leaving || !user) return <PageSpinner label="Signing out" />;
  return (
    <AdminLayout email={user.email} onLogout={() => runtime.adminSession.send({ type: "LOGOUT" })}>
      <Outlet />
    </AdminLayout>
  );
}
