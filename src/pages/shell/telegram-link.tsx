import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { telegramLinkMachine } from "#src/machines/auth/telegram-link.machine.ts";
import { toTelegramLinkView } from "#src/machines/auth/telegram-link.view.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { TelegramLinkDialog } from "#src/ui/shell/telegram-link-dialog.tsx";
import { useMachineEffects } from "./use-machine-effects.ts";

export type TelegramLinkRef = ActorRefFrom<typeof telegramLinkMachine>;

/** The account menu's Link / Unlink Telegram dialog; it tells the session what changed. */
export function useTelegramLink(runtime: AppRuntime): TelegramLinkRef {
  const actor = useActorRef(
    telegramLinkMachine.provide({ actors: { changeLink: runtime.authActors.changeTelegramLink } }),
    { input: { session: runtime.session, initData: runtime.telegramInitData } },
  );
  useMachineEffects(actor);
  return actor;
}

export function TelegramLink({ actor }: { actor: TelegramLinkRef }) {
  const view = useSelector(actor, toTelegramLinkView, shallowEqual);
  return (
    <TelegramLinkDialog
      {...view}
      onPasswordChange={(value) => actor.send({ type: "PASSWORD.CHANGE", value })}
      onSubmit={() => actor.send({ type: "SUBMIT" })}
      onClose={() => actor.send({ type: "CLOSE" })}
    />
  );
}
