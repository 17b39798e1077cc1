import { Tabs } from "@ark-ui/react/tabs";
import type { ReactNode } from "react";
import { cx } from "../kit/cx.ts";

const trigger = cx(
  "flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-slate-400 transition-colors",
  "data-[selected]:bg-ink-700 data-[selected]:text-slate-50",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400",
);

export type WalletTab = "deposit" | "withdraw";

/** The Wallet screen's two tabs (docs/product.md §2): arrow keys move between them, as a tab list should. */
export function WalletTabs(props: {
  tab: WalletTab;
  onTabChange: (tab: WalletTab) => void;
  deposit: ReactNode;
  withdraw: ReactNode;
}) {
  return (
    <Tabs.Root
      value={props.tab}
      onValueChange={(details) => props.onTabChange(details.value === "withdraw" ? "withdraw" : "deposit")}
      className="flex flex-col gap-3"
    >
      <Tabs.List className="flex gap-1 rounded-xl border border-white/10 bg-ink-900 p-1">
        <Tabs.Trigger value="deposit" className={trigger}>
          Deposit USDT
        </Tabs.Trigger>
        <Tabs.Trigger value="withdraw" className={trigger}>
          Withdraw USDT
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="deposit">{props.deposit}</Tabs.Content>
      <Tabs.Content value="withdraw">{props.withdraw}</Tabs.Content>
    </Tabs.Root>
  );
}
