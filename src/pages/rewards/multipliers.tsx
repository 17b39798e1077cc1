import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { multipliersMachine } from "#src/machines/rewards/multipliers.machine.ts";
import { toMultiplierCards, toMultipliersView } from "#src/machines/rewards/multipliers.view.ts";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { selectMultiplier, selectPoints, selectWalletBalance } from "#src/machines/taps/taps.view.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import { useTapsActor } from "#src/pages/shell/use-taps.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { MultipliersDialog } from "#src/ui/rewards/multipliers-dialog.tsx";

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
  const view = useSelector(actor, toMultipliersView, shallowEqual);
  const multiplier = useSelector(taps, selectMultiplier);
  const wallet = useSelector(taps, selectWalletBalance);
  // The points only matter to a purchase: read then, not subscribed to (a tap would re-render the dialog).
  return (
    <MultipliersDialog
      open={view.open}
      onClose={() => actor.send({ type: "CLOSE" })}
      status={view.status}
      busyValue={view.busyValue}
      walletBalance={wallet}
      cards={toMultiplierCards(view.options, multiplier, wallet)}
      onPurchase={(value) =>
        actor.send({ type: "PURCHASE", value, points: selectPoints(taps.getSnapshot()) })
      }
      onRetry={() => actor.send({ type: "RETRY" })}
    />
  );
}
