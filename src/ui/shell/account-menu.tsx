import { Menu } from "@ark-ui/react/menu";
import { Portal } from "@ark-ui/react/portal";

/** The initials button and its menu (Ark UI: keyboard, focus and Escape handled). */
export function AccountMenu({
  initials,
  email,
  onLogout,
}: {
  initials: string;
  email?: string;
  onLogout: () => void;
}) {
  return (
    <Menu.Root positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger
        aria-label={`${initials}: account menu${email ? ` for ${email}` : ""}`}
        className="grid size-10 place-items-center rounded-full bg-brand-500 text-sm font-bold text-ink-950 hover:bg-brand-400"
      >
        {initials}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className="z-50 min-w-48 rounded-xl border border-white/10 bg-ink-800 p-1 shadow-xl shadow-black/40 outline-none">
            {email && <div className="truncate px-3 py-2 text-xs text-slate-400">{email}</div>}
            <Menu.Item
              value="logout"
              onSelect={onLogout}
              className="cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-100 data-highlighted:bg-white/10"
            >
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
