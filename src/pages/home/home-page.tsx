import { Link } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import {
  selectLoading,
  selectMultiplier,
  selectPoints,
  selectTotalTaps,
} from "#src/machines/taps/taps.view.ts";
import { StandingSection } from "#src/pages/home/standing-section.tsx";
import { Multipliers, useMultipliers } from "#src/pages/rewards/multipliers.tsx";
import { useWithdrawRewards, WithdrawRewards } from "#src/pages/rewards/withdraw-rewards.tsx";
import { useTapsActor } from "#src/pages/shell/use-taps.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { Button, buttonClass } from "#src/ui/kit/button.tsx";
import { formatMultiplier, formatRewards } from "#src/ui/kit/format.ts";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";
import { Figure } from "#src/ui/rewards/figures.tsx";

/** Home (docs/product.md §2): the user's figures, Start Tapping, and the Upgrade and Withdraw dialogs. */
export function HomePage({ runtime }: { runtime: AppRuntime }) {
  const taps = useTapsActor(runtime);
  const multipliers = useMultipliers(runtime);
  const withdraw = useWithdrawRewards(runtime);
  if (!taps) return <PageSpinner label="Loading your rewards" />;
  return (
    <>
      <h1 className="sr-only">Home</h1>
      <StandingSection runtime={runtime} />
      <HomeFigures
        taps={taps}
        onUpgrade={() => multipliers.send({ type: "OPEN" })}
        onWithdraw={() => withdraw.send({ type: "OPEN" })}
      />
      <Multipliers runtime={runtime} actor={multipliers} />
      <WithdrawRewards runtime={runtime} actor={withdraw} />
    </>
  );
}

function HomeFigures({
  taps,
  onUpgrade,
  onWithdraw,
}: {
  taps: ActorRefFrom<typeof tapsMachine>;
  onUpgrade: () => void;
  onWithdraw: () => void;
}) {
  const loading = useSelector(taps, selectLoading);
  const points = useSelector(taps, selectPoints);
  const totalTaps = useSelector(taps, selectTotalTaps);
  const multiplier = useSelector(taps, selectMultiplier);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Figure label="Rewards Balance" value={formatRewards(points)} loading={loading} />
      <Figure label="Total Taps" value={totalTaps.toLocaleString("en-US")} loading={loading} />
      <Figure
        label="Current Multiplier"
        value={formatMultiplier(multiplier)}
        loading={loading}
        action={
          <Button variant="secondary" size="sm" onClick={onUpgrade}>
            Upgrade
          </Button>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row md:col-span-3">
        <Link to="/tap" className={buttonClass("primary", "lg", "sm:flex-1")}>
          Start Tapping
        </Link>
        <Button variant="outline" size="lg" className="sm:flex-1" onClick={onWithdraw}>
          Withdraw Rewards
        </Button>
      </div>
    </div>
  );
}
