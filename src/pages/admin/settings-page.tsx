import { useActorRef } from "@xstate/react";
import { formInput } from "#src/machines/admin/admin.forms.ts";
import { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { SettingsScreen } from "#src/ui/admin/settings-screen.tsx";
import { useFormBinding } from "./bindings.ts";

/** Admin Settings is the Create New Admin form: a form machine of its own, cleared after each success. */
export function SettingsPage({ runtime }: { runtime: AppRuntime }) {
  const form = useActorRef(
    adminFormMachine.provide({ actors: { submit: runtime.adminActors.createAdmin } }),
    {
      input: formInput("createAdmin", runtime.newId),
    },
  );
  return <SettingsScreen form={useFormBinding(form)} />;
}
