import type { AppRuntime } from "#src/runtime.ts";
import { AdminFormFields } from "#src/ui/admin/form-dialog.tsx";
import { StatusButton } from "#src/ui/kit/button.tsx";
import { Card } from "#src/ui/kit/card.tsx";
import { useAdminForm } from "./hooks.ts";

/** Admin Settings (spec §2): Create New Admin. No password rules on the client (spec §5); the server has them. */
export function AdminSettingsPage({ runtime }: { runtime: AppRuntime }) {
  const form = useAdminForm({
    runtime,
    fields: { name: "", email: "", password: "" },
    required: ["name", "email", "password"],
    failure: "Failed to create admin user. Please try again.",
    dialog: false,
    submit: async (fields) => {
      const body = {
        name: fields.name ?? "",
        email: (fields.email ?? "").trim(),
        password: fields.password ?? "",
      };
      runtime.adminActors.unwrap(await runtime.adminApi.createAdmin(body));
      return { title: "Admin Created", description: `Successfully created admin user with ${body.email}` };
    },
  });
  const fields = form.snapshot.context.fields;
  return (
    <>
      <h1 className="text-2xl font-bold">Admin Settings</h1>
      <Card className="flex max-w-lg flex-col gap-4">
        <div>
          <h2 className="text-lg font-semibold">Create New Admin</h2>
          <p className="text-sm text-slate-400">
            The new admin signs in at /admin with this email and password.
          </p>
        </div>
        <AdminFormFields
          title="Create New Admin"
          fields={[
            { name: "name", label: "Name", value: fields.name ?? "" },
            { name: "email", label: "Email", type: "email", value: fields.email ?? "" },
            { name: "password", label: "Password", type: "password", value: fields.password ?? "" },
          ]}
          busy={form.busy}
          onChange={(name, value) => form.actor.send({ type: "CHANGE", name, value })}
          onSubmit={() => form.actor.send({ type: "SUBMIT" })}
        />
        <StatusButton
          form="form-create-new-admin"
          type="submit"
          status={form.busy ? "pending" : "idle"}
          busyLabel="Creating..."
          className="self-start"
        >
          Create Admin User
        </StatusButton>
      </Card>
    </>
  );
}
