import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { canWithdraw, withdrawRewardsMachine } from "#src/machines/rewards/withdraw-rewards.machine.ts";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { selectPoints } from "#src/machines/taps/taps.view.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import { useTapsActor } from "#src/pages/shell/use-taps.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { WithdrawDialog } from "#src/ui/rewards/withdraw-dialog.tsx";

/** Only what the dialog shows of its machine. */
const selectDialog = (snapshot: SnapshotFrom<typeof withdrawRewardsMachine>) => ({
  open: snapshot.matches("open"),
  amount: snapshot.context.amount,
  busy: snapshot.hasTag("busy"),
});

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
  const { open, amount, busy } = useSelector(actor, selectDialog, shallowEqual);
  const balance = useSelector(taps, selectPoints);
  return (
    <WithdrawDialog
      open={open}
      onClose={() => actor.send({ type: "CLOSE" })}
      available={balance}
      amount={amount}
      canSubmit={canWithdraw(amount, balance)}
      busy={busy}
      onAmountChange={(value) => actor.send({ type: "AMOUNT.CHANGE", value })}
      onMax={() => actor.send({ type: "MAX", balance })}
      onSubmit={() => actor.send({ type: "SUBMIT", balance })}
    />
  );
}
