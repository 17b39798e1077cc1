import type { ReactNode } from "react";
import { AccountMenu, type TelegramOptions } from "./account-menu.tsx";

export interface AppHeaderProps {
  section: string;
  /** Balances as already formatted text (or a live text of it); the tap slice fills them (undefined shows a placeholder). */
  rewardsBalance?: ReactNode;
  walletBalance?: ReactNode;
  initials: string;
  /** The account's email, or its Telegram name. */
  accountName?: string;
  telegram?: TelegramOptions;
  onTelegram?: (change: "link" | "unlink") => void;
  onLogout: () => void;
}

function Balance({ label, value }: { label: string; value?: ReactNode }): ReactNode {
  return (
    <div className="flex flex-col items-end leading-tight">
      <span className="text-[11px] uppercase tracking-wide text-slate-400">{label}</span>
      <span className="text-sm font-semibold tabular-nums text-slate-50" aria-busy={value === undefined}>
        {value ?? "—"}
      </span>
    </div>
  );
}

export function AppHeader({
  section,
  rewardsBalance,
  walletBalance,
  initials,
  accountName,
  telegram,
  onTelegram,
  onLogout,
}: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-ink-900">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4">
        <div className="flex min-w-0 flex-1 flex-col leading-tight">
          <span className="text-base font-bold text-brand-400">TapRewards</span>
          <span data-testid="section-name" className="truncate text-xs text-slate-400">
            {section}
          </span>
        </div>
        <Balance label="Rewards" value={rewardsBalance} />
        <Balance label="Wallet" value={walletBalance} />
        <AccountMenu
          initials={initials}
          accountName={accountName}
          telegram={telegram}
          onTelegram={onTelegram}
          onLogout={onLogout}
        />
      </div>
    </header>
  );
}
