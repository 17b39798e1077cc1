import { shallowEqual, useSelector } from "@xstate/react";
import { toStandingView } from "#src/machines/fair-play/standing.view.ts";
import { type StandingRef, useStanding } from "#src/pages/shell/use-standing.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { AppealDialog } from "#src/ui/fair-play/appeal-dialog.tsx";
import { StandingCard } from "#src/ui/fair-play/standing-card.tsx";

/** The signed-in user's standing card and its appeal dialog; nothing while the account is `ok`. */
export function StandingSection({ runtime }: { runtime: AppRuntime }) {
  const userId = useSelector(runtime.session, (snapshot) => snapshot.context.user?.id ?? null);
  return userId ? <StandingFor runtime={runtime} userId={userId} /> : null;
}

function StandingFor({ runtime, userId }: { runtime: AppRuntime; userId: string }) {
  const standing = useStanding(runtime, userId);
  return <Standing actor={standing} />;
}

/** The card and the dialog of one standing actor (the tap screen shows them too when taps are paused). */
export function Standing({ actor }: { actor: StandingRef }) {
  const view = useSelector(actor, toStandingView, shallowEqual);
  if (view.status === null || view.status === "ok") return null;
  return (
    <>
      <StandingCard
        status={view.status}
        message={view.message}
        appeal={view.appeal}
        canAppeal={view.canAppeal}
        onAppeal={() => actor.send({ type: "OPEN" })}
      />
      <AppealDialog
        open={view.dialogOpen}
        onClose={() => actor.send({ type: "CLOSE" })}
        draft={view.draft}
        draftError={view.draftError}
        sendError={view.sendError}
        busy={view.sending}
        onDraftChange={(value) => actor.send({ type: "DRAFT.CHANGE", value })}
        onSend={() => actor.send({ type: "SEND" })}
      />
    </>
  );
}
