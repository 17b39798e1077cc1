import { describe, expect, it } from "vitest";
import { accountFormsMachine } from "./account-forms.machine.ts";
import { toAccountFormsView } from "./account-forms.view.ts";

const snapshotIn = (value: string, formError: string | null = null) =>
  accountFormsMachine.resolveState({ value, context: { formError } });

describe("account forms view", () => {
  it("is idle with nothing to say at first", () => {
    expect(toAccountFormsView(snapshotIn("idle"))).toEqual({ busy: false, error: null });
  });

  it.each(["signingUp", "sendingResetLink", "resettingPassword", "verifyingEmail"])(
    "is busy while %s",
    (value) => {
      expect(toAccountFormsView(snapshotIn(value)).busy).toBe(true);
    },
  );

  it("shows why the last submit was refused, and is not busy while it redirects", () => {
    expect(toAccountFormsView(snapshotIn("idle", "Passwords do not match"))).toEqual({
      busy: false,
      error: "Passwords do not match",
    });
    expect(toAccountFormsView(snapshotIn("redirecting")).busy).toBe(false);
  });
});
