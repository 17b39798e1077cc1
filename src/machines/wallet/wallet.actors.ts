/** Real actors of the Wallet screen's machines, over the shared API client. */
import { fromPromise } from "xstate";
import { RECENT_CHAIN_TRANSACTIONS } from "#contracts/limits.ts";
import type { TokenTransferAnswer, WalletApi, WithdrawalStatusAnswer } from "#src/api/wallet.ts";
import { unwrap } from "#src/machines/shared/unwrap.ts";
import type { GenerateResult, RefreshResult } from "./deposit.machine.ts";

export function createWalletActors(deps: { wallet: WalletApi }) {
  const { wallet } = deps;
  let explorer: string | null = null;
  return {
    /** docs/product.md §4: the address is loaded on opening the wallet by reading the user record. */
    loadAddress: fromPromise<string | null, { userId: string }>(
      async ({ input }) => unwrap(await wallet.user(input.userId)).trc20_address,
    ),
    generate: fromPromise<GenerateResult, { userId: string }>(async ({ input }) => {
      const { address } = unwrap(await wallet.generate());
      const saved = await wallet.saveAddress(input.userId, address);
      return { address, saved: saved.error === null };
    }),
    refresh: fromPromise<RefreshResult>(async () => {
      const [balance, transactions, info] = await Promise.all([
        wallet.tokenBalance(),
        wallet.transactions(RECENT_CHAIN_TRANSACTIONS),
        explorer === null ? wallet.tokenInfo() : null,
      ]);
      if (info && !info.error) explorer = info.data.explorer;
      return {
        explorer,
        balance: balance.error ? undefined : balance.data.balance,
        transactions: transactions.error ? undefined : transactions.data.transactions,
      };
    }),
    transfer: fromPromise<TokenTransferAnswer, { to: string; amount: number; idempotencyKey: string }>(
      async ({ input }) =>
        unwrap(await wallet.transfer({ to: input.to, amount: input.amount }, input.idempotencyKey)),
    ),
    checkWithdrawals: fromPromise<WithdrawalStatusAnswer[], { ids: string[] }>(async ({ input }) =>
      Promise.all(input.ids.map(async (id) => unwrap(await wallet.withdrawal(id)))),
    ),
    copyAddress: fromPromise<void, { address: string }>(async ({ input }) => {
      await navigator.clipboard.writeText(input.address);
    }),
  };
}

export type WalletActors = ReturnType<typeof createWalletActors>;
