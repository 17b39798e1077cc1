/** Real actors of the standing machine: the fair-play calls of the one API client. */
import { fromPromise } from "xstate";
import type { FairPlayApi, StandingAnswer } from "#src/api/fair-play.ts";
import { unwrap } from "#src/machines/shared/unwrap.ts";

export function createFairPlayActors(deps: { fairPlay: FairPlayApi }) {
  const { fairPlay } = deps;
  return {
    loadStanding: fromPromise<StandingAnswer, { userId: string }>(async ({ input }) =>
      unwrap(await fairPlay.standing(input.userId)),
    ),
    sendAppeal: fromPromise<void, { userId: string; message: string }>(async ({ input }) => {
      unwrap(await fairPlay.appeal(input.userId, input.message));
    }),
  };
}

export type FairPlayActors = ReturnType<typeof createFairPlayActors>;
