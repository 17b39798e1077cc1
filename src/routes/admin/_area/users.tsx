import { createFileRoute } from "@tanstack/react-router";
import { usersSearch } from "#src/machines/admin/admin.search.ts";
import { UsersPage } from "#src/pages/admin/users-page.tsx";

export const Route = createFileRoute("/admin/_area/users")({
  validateSearch: usersSearch,
  component: UsersRoute,
});

/** The search is the URL's: a table's change replaces it, so Back leaves the page rather than the sort. */
function UsersRoute() {
  const { runtime } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <UsersPage
      runtime={runtime}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search, replace: true })}
    />
  );
}
