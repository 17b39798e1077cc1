import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { achievementsMachine } from "#src/machines/economy/achievements.machine.ts";
import type { boostersMachine } from "#src/machines/economy/boosters.machine.ts";
import { toBoostersView } from "#src/machines/economy/boosters.view.ts";
import { canShareLinks, referralSharing } from "#src/machines/economy/economy.actors.ts";
import { pointsHistoryMachine } from "#src/machines/economy/points-history.machine.ts";
import { referralMachine } from "#src/machines/economy/referral.machine.ts";
import { toReferralView } from "#src/machines/economy/referral.view.ts";
import { streakMachine } from "#src/machines/economy/streak.machine.ts";
import { toStreakView } from "#src/machines/economy/streak.view.ts";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { selectPoints } from "#src/machines/taps/taps.view.ts";
import { useBoostersActor } from "#src/pages/shell/use-boosters.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import { useTapsActor } from "#src/pages/shell/use-taps.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { AchievementsList } from "#src/ui/economy/achievements-list.tsx";
import { BoostersCard } from "#src/ui/economy/boosters-card.tsx";
import { PointsHistory } from "#src/ui/economy/points-history.tsx";
import { ReferralCard } from "#src/ui/economy/referral-card.tsx";
import { StandingsLinks } from "#src/ui/economy/standings-links.tsx";
import { StreakCard } from "#src/ui/economy/streak-card.tsx";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";

/**
 * The Rewards area (docs/product.md, Rewards area): streak, boosters, the referral card, achievements and the
 * points history.
 */
export function RewardsPage({ runtime, userId }: { runtime: AppRuntime; userId: string }) {
  const taps = useTapsActor(runtime);
  const boosters = useBoostersActor(runtime);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Rewards</h1>
        <StandingsLinks />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Streak runtime={runtime} />
        {taps && boosters ? (
          <Boosters boosters={boosters} taps={taps} />
        ) : (
          <PageSpinner label="Loading boosters" />
        )}
        <div className="lg:col-span-2">
          <Referral runtime={runtime} />
        </div>
        {/* Nine achievements and a long history read best across the whole width of a desktop. */}
        <div className="lg:col-span-2">
          <Achievements runtime={runtime} />
        </div>
        <div className="lg:col-span-2">
          <History runtime={runtime} userId={userId} />
        </div>
      </div>
    </>
  );
}

function Streak({ runtime }: { runtime: AppRuntime }) {
  const actor = useActorRef(
    streakMachine.provide({
      actors: {
        loadStreak: runtime.economyActors.loadStreak,
        claimStreak: runtime.economyActors.claimStreak,
      },
    }),
    { input: { app: runtime.app, newId: runtime.newId, now: runtime.now } },
  );
  useMachineEffects(actor);
  const view = useSelector(actor, toStreakView);
  return (
    <StreakCard
      {...view}
      onClaim={() => actor.send({ type: "CLAIM" })}
      onRetry={() => actor.send({ type: "RETRY" })}
    />
  );
}

function Referral({ runtime }: { runtime: AppRuntime }) {
  const actor = useActorRef(
    referralMachine.provide({
      actors: { loadReferrals: runtime.economyActors.loadReferrals, ...referralSharing },
    }),
    { input: { app: runtime.app } },
  );
  useMachineEffects(actor);
  const view = useSelector(actor, toReferralView, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  return (
    <ReferralCard
      {...view}
      canShare={canShareLinks()}
      onCopy={() => actor.send({ type: "COPY" })}
      onShare={() => actor.send({ type: "SHARE" })}
      onRetry={() => actor.send({ type: "RETRY" })}
    />
  );
}

function Boosters({
  boosters,
  taps,
}: {
  boosters: ActorRefFrom<typeof boostersMachine>;
  taps: ActorRefFrom<typeof tapsMachine>;
}) {
  const view = useSelector(boosters, toBoostersView, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const points = useSelector(taps, selectPoints);
  return (
    <BoostersCard
      {...view}
      onBuy={(boosterId) => boosters.send({ type: "PURCHASE", boosterId, points })}
      onRetry={() => boosters.send({ type: "RETRY" })}
    />
  );
}

function Achievements({ runtime }: { runtime: AppRuntime }) {
  const actor = useActorRef(
    achievementsMachine.provide({ actors: { loadAchievements: runtime.economyActors.loadAchievements } }),
    { input: { app: runtime.app, now: runtime.now } },
  );
  const view = useSelector(actor, selectAchievements, shallowEqual);
  return <AchievementsList {...view} onRetry={() => actor.send({ type: "RETRY" })} />;
}

function History({ runtime, userId }: { runtime: AppRuntime; userId: string }) {
  const actor = useActorRef(
    pointsHistoryMachine.provide({ actors: { loadHistoryPage: runtime.economyActors.loadHistoryPage } }),
    { input: { app: runtime.app, userId } },
  );
  const view = useSelector(actor, selectHistory, shallowEqual);
  return (
    <PointsHistory
      {...view}
      onMore={() => actor.send({ type: "MORE" })}
      onRetry={() => actor.send({ type: "RETRY" })}
    />
  );
}

type LoadStatus = "loading" | "failed" | "ready";

/** Only what the cards show: a context field they do not read changing does not redraw them. */
function selectAchievements(snapshot: SnapshotFrom<typeof achievementsMachine>) {
  const status: LoadStatus = snapshot.hasTag("loading")
    ? "loading"
    : snapshot.matches("failed")
      ? "failed"
      : "ready";
  return { status, achievements: snapshot.context.achievements };
}

function selectHistory(snapshot: SnapshotFrom<typeof pointsHistoryMachine>) {
  const status: LoadStatus = snapshot.hasTag("loading")
    ? "loading"
    : snapshot.matches("failed")
      ? "failed"
      : "ready";
  const { rows, nextCursor, moreFailed } = snapshot.context;
  return { status, rows, hasMore: nextCursor !== null, loadingMore: snapshot.hasTag("more"), moreFailed };
}
