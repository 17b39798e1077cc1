import { createFileRoute, redirect } from "@tanstack/react-router";
import { AdminLoginPage } from "#src/pages/admin/login-page.tsx";

/** /admin: the admin login (docs/product.md §2); an admin already signed in goes straight to the dashboard. */
export const Route = createFileRoute("/admin/")({
  beforeLoad: async ({ context }) => {
    const snapshot = await context.runtime.adminSettled();
    if (snapshot.matches("signedIn")) throw redirect({ to: "/admin/dashboard" });
  },
  component: Login,
});

function Login() {
  const { runtime } = Route.useRouteContext();
  return <AdminLoginPage runtime={runtime} />;
}
