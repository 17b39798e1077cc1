import { useActorRef } from "@xstate/react";
import { standingMachine } from "#src/machines/fair-play/standing.machine.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import type { AppRuntime } from "#src/runtime.ts";

/** A page's standing actor for the signed-in user (docs/fair-play.md, "What the player sees"). */
export function useStanding(runtime: AppRuntime, userId: string) {
  const actor = useActorRef(standingMachine.provide({ actors: runtime.fairPlayActors }), {
    input: { userId, app: runtime.app, now: runtime.now },
  });
  useMachineEffects(actor);
  return actor;
}

export type StandingRef = ReturnType<typeof useStanding>;
