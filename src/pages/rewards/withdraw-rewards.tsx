import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { canWithdraw, withdrawRewardsMachine } from "#src/machines/rewards/withdraw-rewards.machine.ts";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { selectPoints } from "#src/machines/taps/taps.view.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import { useTapsActor } from "#src/pages/shell/use-taps.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { WithdrawDialog } from "#src/ui/rewards/withdraw-dialog.tsx";

export type WithdrawRef = ActorRefFrom<typeof withdrawRewardsMachine>;

export function useWithdrawRewards(runtime: AppRuntime): WithdrawRef {
  const actor = useActorRef(
    withdrawRewardsMachine.provide({ actors: { withdraw: runtime.rewardsActors.withdraw } }),
    { input: { app: runtime.app, newId: runtime.newId } },
  );
  useMachineEffects(actor);
  return actor;
}

export function WithdrawRewards({ runtime, actor }: { runtime: AppRuntime; actor: WithdrawRef }) {
  const taps = useTapsActor(runtime);
  return taps ? <WithdrawFor actor={actor} taps={taps} /> : null;
}

function WithdrawFor({ actor, taps }: { actor: WithdrawRef; taps: ActorRefFrom<typeof tapsMachine> }) {
  const snapshot = useSelector(actor, (state) => state);
  const balance = useSelector(taps, selectPoints);
  return (
    <WithdrawDialog
      open={snapshot.matches("open")}
      onClose={() => actor.send({ type: "CLOSE" })}
      available={balance}
      amount={snapshot.context.amount}
      canSubmit={canWithdraw(snapshot.context.amount, balance)}
      busy={snapshot.hasTag("busy")}
      onAmountChange={(value) => actor.send({ type: "AMOUNT.CHANGE", value })}
      onMax={() => actor.send({ type: "MAX", balance })}
      onSubmit={() => actor.send({ type: "SUBMIT", balance })}
    />
  );
}
