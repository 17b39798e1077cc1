import { useActorRef, useSelector } from "@xstate/react";
import { toStatsView } from "#src/machines/economy/standings.view.ts";
import { statsMachine } from "#src/machines/economy/stats.machine.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { StatsPanels } from "#src/ui/economy/stats-panels.tsx";

/** The Stats page (docs/product.md, Stats): the player's own figures, kept current by what the server pushes. */
export function StatsPage({ runtime, userId }: { runtime: AppRuntime; userId: string }) {
  const actor = useActorRef(statsMachine.provide({ actors: { load: runtime.standingsActors.loadStats } }), {
    input: { app: runtime.app, query: userId },
  });
  const view = useSelector(actor, toStatsView);
  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Stats</h1>
        <p className="text-sm text-slate-400">Your taps and what they earned.</p>
      </div>
      <StatsPanels
        status={view.status}
        stats={view.data}
        updating={view.updating}
        onRetry={() => actor.send({ type: "RETRY" })}
      />
    </>
  );
}
