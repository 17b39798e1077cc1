import { createFileRoute } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { type AuditSearch, auditSearch } from "#src/machines/admin/admin.search.ts";
import { auditPageMachine } from "#src/machines/admin/audit-page.machine.ts";
import { toAuditView } from "#src/machines/admin/audit-page.view.ts";
import { AuditScreen } from "#src/ui/admin/audit-screen.tsx";
import { bindPages, useSearchQuery } from "../../-shared/admin/bindings.ts";
import { useMachineEffects } from "../../-shared/use-machine-effects.ts";

export const Route = createFileRoute("/admin/_area/audit")({
  validateSearch: auditSearch,
  component: AuditLog,
});

function AuditLog() {
  const { runtime } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const page = useActorRef(auditPageMachine.provide({ actors: { load: runtime.adminActors.auditLog } }), {
    input: { search, app: runtime.app },
  });
  useMachineEffects(page);
  useSearchQuery(page, search);
  const view = useSelector(page, toAuditView);
  const go = (next: AuditSearch) => void navigate({ search: next, replace: true });
  return <AuditScreen {...view} entries={bindPages(view.entries, go)} />;
}
