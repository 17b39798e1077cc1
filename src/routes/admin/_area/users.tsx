import { createFileRoute } from "@tanstack/react-router";
import { UserManagementPage } from "../../-shared/admin/users-page.tsx";

export const Route = createFileRoute("/admin/_area/users")({
  validateSearch: (search: Record<string, unknown>) => search,
  component: UserManagement,
});

function UserManagement() {
  const { runtime } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UserManagementPage
      runtime={runtime}
      search={search}
      onSearch={(next) => void navigate({ search: next as never, replace: true })}
    />
  );
}
