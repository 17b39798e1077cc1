import { cleanup } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach } from "vitest";

afterEach(() => {
  // sonner keeps toasts in a module-level store and replays the active ones to every new Toaster, so one
  // test's toasts would appear in the next: dismiss them all.
  toast.dismiss();
  // vitest runs with globals off, so Testing Library cannot register its own cleanup.
  cleanup();
  localStorage.clear();
});
