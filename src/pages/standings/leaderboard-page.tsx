import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import type { LeaderboardPeriod } from "#src/api/standings.ts";
import { leaderboardMachine } from "#src/machines/economy/leaderboard.machine.ts";
import { toLeaderboardView } from "#src/machines/economy/standings.view.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { LeaderboardBoard } from "#src/ui/economy/leaderboard-board.tsx";

/**
 * The Leaderboard page (docs/product.md, Leaderboard): the period comes from the URL, the board from the
 * leaderboard machine, kept current by what the server pushes.
 */
export function LeaderboardPage(props: {
  runtime: AppRuntime;
  period: LeaderboardPeriod;
  onPeriod: (period: LeaderboardPeriod) => void;
}) {
  const actor = useActorRef(
    leaderboardMachine.provide({ actors: { load: props.runtime.standingsActors.loadLeaderboard } }),
    { input: { app: props.runtime.app, query: props.period } },
  );
  // The URL is the truth for the period: back and forward move the board too.
  useEffect(() => {
    if (actor.getSnapshot().context.query !== props.period)
      actor.send({ type: "QUERY", query: props.period });
  }, [actor, props.period]);
  const view = useSelector(actor, toLeaderboardView);
  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Leaderboard</h1>
        <p className="text-sm text-slate-400">
          Points earned by tapping. Days and weeks (from Monday) are UTC.
        </p>
      </div>
      <LeaderboardBoard
        period={props.period}
        status={view.status}
        board={view.data?.period === props.period ? view.data : null}
        updating={view.updating}
        onPeriod={props.onPeriod}
        onRetry={() => actor.send({ type: "RETRY" })}
      />
    </>
  );
}
