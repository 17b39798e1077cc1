import { shallowEqual, useSelector } from "@xstate/react";
import { useCallback, useEffect } from "react";
import type { ActorRefFrom } from "xstate";
import { ACCOUNT_FROZEN_MESSAGE } from "#contracts/fair-play-rules.ts";
import { selectBoostLine } from "#src/machines/economy/boosters.view.ts";
import { selectStandingFrozen, toStandingView } from "#src/machines/fair-play/standing.view.ts";
import { completesRun } from "#src/machines/taps/combo.ts";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import {
  selectCombo,
  selectEarnPerTap,
  selectMultiplier,
  selectPointsText,
  selectTapsFrozen,
} from "#src/machines/taps/taps.view.ts";
import { Multipliers, useMultipliers } from "#src/pages/rewards/multipliers.tsx";
import { useBoostersActor } from "#src/pages/shell/use-boosters.ts";
import { type StandingRef, useStanding } from "#src/pages/shell/use-standing.ts";
import { useTapsActor } from "#src/pages/shell/use-taps.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { AppealDialog } from "#src/ui/fair-play/appeal-dialog.tsx";
import { Alert } from "#src/ui/kit/alert.tsx";
import { Button } from "#src/ui/kit/button.tsx";
import { Card } from "#src/ui/kit/card.tsx";
import { formatMultiplier, formatRewards } from "#src/ui/kit/format.ts";
import { LiveText } from "#src/ui/kit/live-text.tsx";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";
import { ComboMeter, type WatchCombo } from "#src/ui/tap/combo-meter.tsx";
import { TapCoin } from "#src/ui/tap/tap-coin.tsx";

type TapsRef = ActorRefFrom<typeof tapsMachine>;

/** Tap & Earn (docs/product.md §2, §4): the coin, the user's multiplier, booster and balance. */
export function TapPage({ runtime }: { runtime: AppRuntime }) {
  const taps = useTapsActor(runtime);
  const userId = useSelector(runtime.session, (snapshot) => snapshot.context.user?.id ?? null);
  if (!taps || !userId) return <PageSpinner label="Loading your rewards" />;
  return <TapScreen runtime={runtime} taps={taps} userId={userId} />;
}

function TapScreen({ runtime, taps, userId }: { runtime: AppRuntime; taps: TapsRef; userId: string }) {
  const multipliers = useMultipliers(runtime);
  const standing = useStanding(runtime, userId);
  // Paused when the server refused a batch (403 ACCOUNT_FROZEN) or the standing says frozen.
  const refused = useSelector(taps, selectTapsFrozen);
  const frozen = useSelector(standing, selectStandingFrozen);
  return (
    <Card className="flex flex-col items-center gap-2 text-center">
      <h1 className="text-2xl font-bold">Tap &amp; Earn</h1>
      {(refused || frozen) && <TapsPaused standing={standing} />}
      <MultiplierLine taps={taps} />
      <BoostLine runtime={runtime} />
      <Combo taps={taps} />
      <Coin taps={taps} paused={refused || frozen} />
      <EarnLine taps={taps} />
      <Balance taps={taps} />
      <Button variant="secondary" className="mt-2" onClick={() => multipliers.send({ type: "OPEN" })}>
        Upgrade Multiplier
      </Button>
      <Multipliers runtime={runtime} actor={multipliers} />
    </Card>
  );
}

/**
 * Only the coin: never re-rendered by a tap, so tapping stays instant (docs/design.md §5,
 * docs/decisions/009).
 */
function Coin({ taps, paused }: { taps: TapsRef; paused: boolean }) {
  const onTap = useCallback(() => taps.send({ type: "TAP" }), [taps]);
  // Leaving the page sends what was tapped (docs/product.md §4: sync on unmount).
  useEffect(() => () => taps.send({ type: "FLUSH" }), [taps]);
  return <TapCoin onTap={onTap} label={paused ? "Taps are paused" : "Tap to earn"} disabled={paused} />;
}

/**
 * The running combo (docs/product.md, "Tap and Earn"). The meter hears the taps actor directly, in the tap's
 * own frame, and paints itself: no React render per tap. It hears only changes of the chain.
 */
function Combo({ taps }: { taps: TapsRef }) {
  const watch = useCallback<WatchCombo>(
    (onNews) => {
      let last = selectCombo(taps.getSnapshot());
      onNews({ combo: last, runCompleted: false });
      const subscription = taps.subscribe((snapshot) => {
        const combo = selectCombo(snapshot);
        if (combo === last) return;
        last = combo;
        onNews({ combo, runCompleted: completesRun(combo) });
      });
      return () => subscription.unsubscribe();
    },
    [taps],
  );
  return <ComboMeter watch={watch} />;
}

/**
 * Why the coin takes no taps (docs/fair-play.md, "What the player sees"): the frozen account's words, and
 * the way to ask for a review (or the review already asked for).
 */
function TapsPaused({ standing }: { standing: StandingRef }) {
  const view = useSelector(standing, toStandingView, shallowEqual);
  return (
    <div className="flex w-full flex-col items-center gap-2 text-left sm:max-w-md">
      <Alert>
        <p>{ACCOUNT_FROZEN_MESSAGE}</p>
        <p className="mt-1 text-red-100/80">The taps you made are kept and sent once the review ends.</p>
      </Alert>
      {view.appeal ? (
        <p className="text-sm text-slate-400">You asked for a review. A person will answer it on Home.</p>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => standing.send({ type: "OPEN" })}
          disabled={!view.canAppeal}
        >
          Ask for a review
        </Button>
      )}
      <AppealDialog
        open={view.dialogOpen}
        onClose={() => standing.send({ type: "CLOSE" })}
        draft={view.draft}
        draftError={view.draftError}
        sendError={view.sendError}
        busy={view.sending}
        onDraftChange={(value) => standing.send({ type: "DRAFT.CHANGE", value })}
        onSend={() => standing.send({ type: "SEND" })}
      />
    </div>
  );
}

function MultiplierLine({ taps }: { taps: TapsRef }) {
  const multiplier = useSelector(taps, selectMultiplier);
  return (
    <p className="text-sm text-slate-400">
      Multiplier{" "}
      <span className="font-semibold text-brand-300 tabular-nums">{formatMultiplier(multiplier)}</span>
    </p>
  );
}

/**
 * The real amount per tap, 4 decimals (docs/design.md §5: the specification's fixed 0.0100 was a mistake),
 * booster included.
 */
function EarnLine({ taps }: { taps: TapsRef }) {
  const earn = useSelector(taps, selectEarnPerTap);
  return <p className="text-sm text-slate-300">{`Earn ${formatRewards(earn)} per tap`}</p>;
}

/** The running booster and its countdown ("×2 boost · 4:59"), from the boosters actor's clock. */
function BoostLine({ runtime }: { runtime: AppRuntime }) {
  const boosters = useBoostersActor(runtime);
  return boosters ? <BoostLineFor boosters={boosters} /> : null;
}

function BoostLineFor({ boosters }: { boosters: NonNullable<ReturnType<typeof useBoostersActor>> }) {
  const line = useSelector(boosters, selectBoostLine);
  if (!line) return null;
  return (
    <p
      role="timer"
      aria-label="Booster time left"
      className="rounded-full bg-brand-500/15 px-3 py-1 text-sm font-semibold tabular-nums text-brand-300"
    >
      {line}
    </p>
  );
}

/** Changes with every tap: written by `LiveText`, not rendered by React (docs/decisions/009). */
function Balance({ taps }: { taps: TapsRef }) {
  return (
    <p className="text-4xl font-bold tabular-nums text-slate-50" data-testid="tap-balance">
      <LiveText source={taps} text={selectPointsText} />
    </p>
  );
}
