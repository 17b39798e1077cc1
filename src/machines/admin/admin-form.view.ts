/** What an admin form or dialog shows, derived from its form actor's snapshot (none while a dialog is closed). */
import type { SnapshotFrom } from "xstate";
import type { adminFormMachine } from "./admin-form.machine.ts";

export function toFormView(snapshot: SnapshotFrom<typeof adminFormMachine> | undefined) {
  return {
    open: snapshot?.status === "active",
    busy: snapshot?.hasTag("busy") ?? false,
    values: snapshot?.context.fields ?? {},
    target: snapshot?.context.target ?? null,
  };
}
