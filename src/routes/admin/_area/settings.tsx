import { createFileRoute } from "@tanstack/react-router";
import { AdminSettingsPage } from "../../-shared/admin/settings-page.tsx";

export const Route = createFileRoute("/admin/_area/settings")({ component: AdminSettings });

function AdminSettings() {
  const { runtime } = Route.useRouteContext();
  return <AdminSettingsPage runtime={runtime} />;
}
