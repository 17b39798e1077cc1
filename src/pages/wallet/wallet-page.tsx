import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import type { ActorRefFrom } from "xstate";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { selectLoading, selectWalletBalance } from "#src/machines/taps/taps.view.ts";
import { depositMachine } from "#src/machines/wallet/deposit.machine.ts";
import { selectDepositLoading, selectUsdtBalance, toDepositView } from "#src/machines/wallet/deposit.view.ts";
import { walletHistoryMachine } from "#src/machines/wallet/wallet-history.machine.ts";
import { toWalletHistoryView } from "#src/machines/wallet/wallet-history.view.ts";
import { withdrawUsdtMachine } from "#src/machines/wallet/withdraw-usdt.machine.ts";
import { toWithdrawUsdtView } from "#src/machines/wallet/withdraw-usdt.view.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import { useTapsActor } from "#src/pages/shell/use-taps.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { formatWallet } from "#src/ui/kit/format.ts";
import { Figure } from "#src/ui/rewards/figures.tsx";
import { DepositPanel } from "#src/ui/wallet/deposit-panel.tsx";
import { TransactionHistory } from "#src/ui/wallet/transaction-history.tsx";
import { type WalletTab, WalletTabs } from "#src/ui/wallet/wallet-tabs.tsx";
import { WithdrawPanel } from "#src/ui/wallet/withdraw-panel.tsx";

export type { WalletTab };

type DepositRef = ActorRefFrom<typeof depositMachine>;
type WithdrawRef = ActorRefFrom<typeof withdrawUsdtMachine>;
type HistoryRef = ActorRefFrom<typeof walletHistoryMachine>;
type TapsRef = ActorRefFrom<typeof tapsMachine>;

/**
 * The Wallet screen (docs/product.md §2): its own module, so the route file keeps only the route and the
 * whole page, machines included, lands in the route's lazy chunk. Each part reads only its machine's view,
 * so a poll of the history does not redraw the withdraw form.
 */
export function WalletPage({
  runtime,
  tab,
  onTabChange,
}: {
  runtime: AppRuntime;
  tab: WalletTab;
  onTabChange: (tab: WalletTab) => void;
}) {
  const taps = useTapsActor(runtime);
  const userId = useSelector(runtime.session, (state) => state.context.user?.id ?? "");
  const { deposit, withdraw, history } = useWalletMachines(runtime, userId);
  return (
    <section aria-labelledby="wallet-title" className="flex flex-col gap-4">
      <h1 id="wallet-title" className="text-2xl font-bold">
        Wallet
      </h1>
      <div className="grid gap-3 sm:grid-cols-2">
        {taps && <WalletBalance taps={taps} />}
        <UsdtBalance deposit={deposit} />
      </div>
      <WalletTabs
        tab={tab}
        onTabChange={onTabChange}
        deposit={<Deposit deposit={deposit} />}
        withdraw={taps ? <Withdraw withdraw={withdraw} taps={taps} /> : null}
      />
      <History history={history} />
    </section>
  );
}

/** The page's three machines; a movement of the wallet (deposit credited, withdrawal sent) refreshes the history. */
function useWalletMachines(runtime: AppRuntime, userId: string) {
  const actors = runtime.walletActors;
  const history = useActorRef(
    walletHistoryMachine.provide({ actors: { loadPage: runtime.rewardsActors.loadHistoryPage } }),
    { input: { app: runtime.app } },
  );
  const deposit = useActorRef(depositMachine.provide({ actors: actors }), {
    input: { app: runtime.app, userId },
  });
  const withdraw = useActorRef(withdrawUsdtMachine.provide({ actors: actors }), {
    input: { app: runtime.app, newId: runtime.newId },
  });
  useMachineEffects(history);
  useMachineEffects(deposit);
  useMachineEffects(withdraw);
  useEffect(() => {
    const refresh = () => history.send({ type: "REFRESH" });
    const subscriptions = [deposit.on("walletChanged", refresh), withdraw.on("walletChanged", refresh)];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [deposit, withdraw, history]);
  return { deposit, withdraw, history };
}

function WalletBalance({ taps }: { taps: TapsRef }) {
  const loading = useSelector(taps, selectLoading);
  const balance = useSelector(taps, selectWalletBalance);
  return <Figure label="Wallet Balance" value={`${formatWallet(balance)} USDT`} loading={loading} />;
}

function UsdtBalance({ deposit }: { deposit: DepositRef }) {
  const balance = useSelector(deposit, selectUsdtBalance);
  const loading = useSelector(deposit, selectDepositLoading);
  return <Figure label="USDT Balance" value={balance} loading={loading} />;
}

function Deposit({ deposit }: { deposit: DepositRef }) {
  const view = useSelector(deposit, toDepositView, shallowEqual);
  return (
    <DepositPanel
      {...view}
      onGenerate={() => deposit.send({ type: "GENERATE" })}
      onCopy={() => deposit.send({ type: "COPY" })}
      onRefresh={() => deposit.send({ type: "REFRESH" })}
      onRetry={() => deposit.send({ type: "RETRY" })}
    />
  );
}

function Withdraw({ withdraw, taps }: { withdraw: WithdrawRef; taps: TapsRef }) {
  const view = useSelector(withdraw, toWithdrawUsdtView, shallowEqual);
  const balance = useSelector(taps, selectWalletBalance);
  return (
    <WithdrawPanel
      {...view}
      balance={balance}
      onToChange={(value) => withdraw.send({ type: "TO.CHANGE", value })}
      onAmountChange={(value) => withdraw.send({ type: "AMOUNT.CHANGE", value })}
      onMax={() => withdraw.send({ type: "MAX", balance })}
      onSubmit={() => withdraw.send({ type: "SUBMIT", balance })}
    />
  );
}

function History({ history }: { history: HistoryRef }) {
  const view = useSelector(history, toWalletHistoryView, shallowEqual);
  return (
    <TransactionHistory
      {...view}
      onMore={() => history.send({ type: "MORE" })}
      onRetry={() => history.send({ type: "RELOAD" })}
    />
  );
}
