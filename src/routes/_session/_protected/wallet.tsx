import { createFileRoute } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { selectLoading, selectWalletBalance } from "#src/machines/taps/taps.view.ts";
import { walletHistoryMachine } from "#src/machines/wallet/wallet-history.machine.ts";
import { formatWallet } from "#src/ui/kit/format.ts";
import { Figure } from "#src/ui/rewards/figures.tsx";
import { TransactionHistory } from "#src/ui/wallet/transaction-history.tsx";
import { useMachineEffects } from "../../-shared/use-machine-effects.ts";
import { useTapsActor } from "../../-shared/use-taps.ts";

export const Route = createFileRoute("/_session/_protected/wallet")({ component: WalletPage });

function WalletPage() {
  const { runtime } = Route.useRouteContext();
  const taps = useTapsActor(runtime);
  const history = useActorRef(
    walletHistoryMachine.provide({ actors: { loadPage: runtime.rewardsActors.loadHistoryPage } }),
  );
  useMachineEffects(history);
  const snapshot = useSelector(history, (state) => state);
  return (
    <>
      <h1 className="text-2xl font-bold">Wallet</h1>
      {taps && <WalletBalance taps={taps} />}
      <TransactionHistory
        status={snapshot.hasTag("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "ready"}
        rows={snapshot.context.transactions}
        hasMore={snapshot.context.nextCursor !== null}
        loadingMore={snapshot.hasTag("busy")}
        onMore={() => history.send({ type: "MORE" })}
        onRetry={() => history.send({ type: "RELOAD" })}
      />
    </>
  );
}

function WalletBalance({ taps }: { taps: ActorRefFrom<typeof tapsMachine> }) {
  const loading = useSelector(taps, selectLoading);
  const balance = useSelector(taps, selectWalletBalance);
  return <Figure label="Wallet Balance" value={`${formatWallet(balance)} USDT`} loading={loading} />;
}
