import { useActorRef, useSelector } from "@xstate/react";
import type { AuditSearch } from "#src/machines/admin/admin.search.ts";
import { auditPageMachine } from "#src/machines/admin/audit-page.machine.ts";
import { toAuditView } from "#src/machines/admin/audit-page.view.ts";
import { withLoader } from "#src/machines/shared/list-page.machine.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { AuditScreen } from "#src/ui/admin/audit-screen.tsx";
import { bindPages, useSearchQuery } from "./bindings.ts";

/** The Audit Log (docs/product.md §2 Admin): every admin action, newest first, a page at a time. */
export function AuditPage({
  runtime,
  search,
  onSearch,
}: {
  runtime: AppRuntime;
  search: AuditSearch;
  onSearch: (search: AuditSearch) => void;
}) {
  const page = useActorRef(withLoader(auditPageMachine, runtime.adminActors.auditLog), {
    input: { search, app: runtime.app },
  });
  useMachineEffects(page);
  useSearchQuery(page, search);
  const view = useSelector(page, toAuditView);
  return <AuditScreen {...view} entries={bindPages(view.entries, onSearch)} />;
}
