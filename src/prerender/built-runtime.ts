import { createActor } from "xstate";
import { authMachine } from "#src/machines/auth/auth.machine.ts";
import type { AppRuntime } from "#src/runtime.ts";

/**
 * The runtime as the build's render sees it (docs/decisions/043). The public pages render their built state
 * until the browser has adopted them (use-hydrated.ts), so they only need actors to read snapshots from:
 * the session machine as created, never started (no storage, no network, no timers at build time).
 */
export function builtRuntime(): AppRuntime {
  const session = createActor(authMachine, { input: {} });
  // Only `session` is read before hydration; the rest of the runtime exists in the browser alone.
  return { session } as Partial<AppRuntime> as AppRuntime;
}
