import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { toast } from "sonner";
import type { AnyActorRef } from "xstate";

interface ToastEvent {
  type: "toast";
  tone: "success" | "error";
  title: string;
  description?: string;
}
interface NavigateEvent {
  type: "navigate";
  href: string;
  /** Add the current page as `redirect` (unless it is /auth itself), so a login brings the user back. */
  rememberOrigin?: boolean;
}

/**
 * The one adapter between machines and the browser: machines emit `toast` and `navigate` events; this
 * shows them with sonner and the router. Machines never import either (docs/design.md §3). `null` is allowed
 * for an actor that exists only at times (the signed-in user's taps actor).
 */
export function useMachineEffects(actor: AnyActorRef | null) {
  const router = useRouter();
  useEffect(() => {
    if (!actor) return;
    const toasts = actor.on("toast", (event: ToastEvent) => {
      const show = event.tone === "success" ? toast.success : toast.error;
      show(event.title, event.description ? { description: event.description } : undefined);
    });
    const navigations = actor.on("navigate", (event: NavigateEvent) => {
      const here = router.state.location;
      const href =
        event.rememberOrigin && here.pathname !== "/auth"
          ? `${event.href}${event.href.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(here.href)}`
          : event.href;
      void router.navigate({ href, replace: Boolean(event.rememberOrigin) });
    });
    return () => {
      toasts.unsubscribe();
      navigations.unsubscribe();
    };
  }, [actor, router]);
}
