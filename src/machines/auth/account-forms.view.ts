/** What the /auth page's sign-up, forgot, reset and verify forms show of the account forms machine. */
import type { SnapshotFrom } from "xstate";
import type { accountFormsMachine } from "./account-forms.machine.ts";

export type AccountFormsSnapshot = SnapshotFrom<typeof accountFormsMachine>;

export interface AccountFormsView {
  /** A request is out: the form's button shows it and does not send another. */
  busy: boolean;
  /** Why the last submit was refused or failed; null when nothing is to be said. */
  error: string | null;
}

export const toAccountFormsView = (snapshot: AccountFormsSnapshot): AccountFormsView => ({
  busy: snapshot.hasTag("busy"),
  error: snapshot.context.formError,
});
