import { createFileRoute } from "@tanstack/react-router";
import { fundsSearch } from "#src/machines/admin/admin.search.ts";
import { FundsPage } from "#src/pages/admin/funds-page.tsx";

export const Route = createFileRoute("/admin/_area/funds")({
  validateSearch: fundsSearch,
  component: FundsRoute,
});

/** The search is the URL's: a table's change replaces it, so Back leaves the page rather than the sort. */
function FundsRoute() {
  const { runtime } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <FundsPage
      runtime={runtime}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search, replace: true })}
    />
  );
}
