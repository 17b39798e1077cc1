import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "#src/pages/admin/settings-page.tsx";

export const Route = createFileRoute("/admin/_area/settings")({ component: SettingsRoute });

function SettingsRoute() {
  const { runtime } = Route.useRouteContext();
  return <SettingsPage runtime={runtime} />;
}
