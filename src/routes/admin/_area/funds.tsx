import { createFileRoute } from "@tanstack/react-router";
import { FundsManagementPage } from "../../-shared/admin/funds-page.tsx";

export const Route = createFileRoute("/admin/_area/funds")({
  validateSearch: (search: Record<string, unknown>) => search,
  component: FundsManagement,
});

function FundsManagement() {
  const { runtime } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FundsManagementPage
      runtime={runtime}
      search={search}
      onSearch={(next) => void navigate({ search: next as never, replace: true })}
    />
  );
}
