import { Menu } from "@ark-ui/react/menu";
import { Portal } from "@ark-ui/react/portal";

/** The Telegram items the menu offers (docs/decisions/033): each opens a dialog that asks for the password. */
export interface TelegramOptions {
  link: boolean;
  unlink: boolean;
}

const NO_TELEGRAM: TelegramOptions = { link: false, unlink: false };

const itemClass =
  "cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-100 data-highlighted:bg-white/10 data-disabled:cursor-wait data-disabled:text-slate-400";

/** The initials button and its menu (Ark UI: keyboard, focus and Escape handled). */
export function AccountMenu({
  initials,
  accountName,
  telegram = NO_TELEGRAM,
  onTelegram,
  onLogout,
}: {
  initials: string;
  accountName?: string;
  telegram?: TelegramOptions;
  onTelegram?: (change: "link" | "unlink") => void;
  onLogout: () => void;
}) {
  return (
    <Menu.Root positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger
        aria-label={`${initials}: account menu${accountName ? ` for ${accountName}` : ""}`}
        className="grid size-10 place-items-center rounded-full bg-brand-500 text-sm font-bold text-ink-950 hover:bg-brand-400"
      >
        {initials}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className="z-50 min-w-48 rounded-xl border border-white/10 bg-ink-800 p-1 shadow-xl shadow-black/40 outline-none">
            {accountName && <div className="truncate px-3 py-2 text-xs text-slate-400">{accountName}</div>}
            {telegram.link && onTelegram && (
              <Menu.Item value="link-telegram" onSelect={() => onTelegram("link")} className={itemClass}>
                Link Telegram
              </Menu.Item>
            )}
            {telegram.unlink && onTelegram && (
              <Menu.Item value="unlink-telegram" onSelect={() => onTelegram("unlink")} className={itemClass}>
                Unlink Telegram
              </Menu.Item>
            )}
            <Menu.Item value="logout" onSelect={onLogout} className={itemClass}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
