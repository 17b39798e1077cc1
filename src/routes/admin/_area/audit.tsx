import { createFileRoute } from "@tanstack/react-router";
import { AuditLogPage } from "../../-shared/admin/audit-page.tsx";

export const Route = createFileRoute("/admin/_area/audit")({
  validateSearch: (search: Record<string, unknown>) => search,
  component: AuditLog,
});

function AuditLog() {
  const { runtime } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditLogPage
      runtime={runtime}
      search={search}
      onSearch={(next) => void navigate({ search: next as never, replace: true })}
    />
  );
}
