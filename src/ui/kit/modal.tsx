import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";

/**
 * A dialog (Ark UI): traps focus, closes on Escape and on the backdrop, returns focus to what opened it.
 * `open` is the machine's; closing asks the machine (`onClose`).
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Positioner className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
          <Dialog.Content className="max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl border border-white/10 bg-ink-800 p-6 shadow-2xl shadow-black/50 outline-none sm:max-w-lg sm:rounded-2xl">
            <Dialog.Title className="text-xl font-bold text-slate-50">{title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-400">{description}</Dialog.Description>
            <div className="mt-5">{children}</div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
