import { createFileRoute } from "@tanstack/react-router";
import { auditSearch } from "#src/machines/admin/admin.search.ts";
import { AuditPage } from "#src/pages/admin/audit-page.tsx";

export const Route = createFileRoute("/admin/_area/audit")({
  validateSearch: auditSearch,
  component: AuditRoute,
});

/** The search is the URL's: a table's change replaces it, so Back leaves the page rather than the sort. */
function AuditRoute() {
  const { runtime } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <AuditPage
      runtime={runtime}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search, replace: true })}
    />
  );
}
