import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { cardState, multipliersMachine } from "#src/machines/rewards/multipliers.machine.ts";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { selectMultiplier, selectPoints, selectWalletBalance } from "#src/machines/taps/taps.view.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { MultipliersDialog } from "#src/ui/rewards/multipliers-dialog.tsx";
import { useMachineEffects } from "./use-machine-effects.ts";
import { useTapsActor } from "./use-taps.ts";

export type MultipliersRef = ActorRefFrom<typeof multipliersMachine>;
type TapsRef = ActorRefFrom<typeof tapsMachine>;

/** Creates the page's Multipliers dialog actor; render <Multipliers> with it and send OPEN to show it. */
export function useMultipliers(runtime: AppRuntime): MultipliersRef {
  const actor = useActorRef(
    multipliersMachine.provide({
      actors: { loadOptions: runtime.rewardsActors.loadOptions, purchase: runtime.rewardsActors.purchase },
    }),
    { input: { app: runtime.app, newId: runtime.newId } },
  );
  useMachineEffects(actor);
  return actor;
}

export function Multipliers({ runtime, actor }: { runtime: AppRuntime; actor: MultipliersRef }) {
  const taps = useTapsActor(runtime);
  return taps ? <MultipliersFor actor={actor} taps={taps} /> : null;
}

function MultipliersFor({ actor, taps }: { actor: MultipliersRef; taps: TapsRef }) {
  const snapshot = useSelector(actor, (state) => state);
  const multiplier = useSelector(taps, selectMultiplier);
  const wallet = useSelector(taps, selectWalletBalance);
  const points = useSelector(taps, selectPoints);
  return (
    <MultipliersDialog
      open={snapshot.matches("open")}
      onClose={() => actor.send({ type: "CLOSE" })}
      status={
        snapshot.hasTag("loading") ? "loading" : snapshot.matches({ open: "failed" }) ? "failed" : "ready"
      }
      busyValue={snapshot.context.pendingValue}
      walletBalance={wallet}
      cards={snapshot.context.options.map((option) => ({
        value: option.multiplier_value,
        price: option.price_usdt,
        state: cardState(option, multiplier, wallet),
      }))}
      onPurchase={(value) => actor.send({ type: "PURCHASE", value, points })}
      onRetry={() => actor.send({ type: "RETRY" })}
    />
  );
}
