import { useSelector } from "@xstate/react";
import type { AppRuntime } from "#src/runtime.ts";

/** The signed-in user's taps actor, or null while none is running (it is replaced when the user changes). */
export function useTapsActor(runtime: AppRuntime) {
  return useSelector(runtime.app, (snapshot) => snapshot.children.taps ?? null);
}
