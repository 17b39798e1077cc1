import { StatusButton } from "../kit/button.tsx";
import { Card } from "../kit/card.tsx";
import { AdminFormFields, type FormBinding } from "./form-dialog.tsx";

/** Admin Settings (docs/product.md §2): Create New Admin. No password rules on the client (§5); the server has them. */
export function SettingsScreen({ form }: { form: FormBinding<"name" | "email" | "password"> }) {
  const { values } = form;
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
          {...form}
          title="Create New Admin"
          fields={[
            { name: "name", label: "Name", value: values.name ?? "" },
            { name: "email", label: "Email", type: "email", value: values.email ?? "" },
            { name: "password", label: "Password", type: "password", value: values.password ?? "" },
          ]}
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
