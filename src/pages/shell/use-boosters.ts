import { useSelector } from "@xstate/react";
import type { AppRuntime } from "#src/runtime.ts";

/** The signed-in user's boosters actor (docs/decisions/020), or null while none is running. */
export function useBoostersActor(runtime: AppRuntime) {
  return useSelector(runtime.app, (snapshot) => snapshot.children.boosters ?? null);
}
