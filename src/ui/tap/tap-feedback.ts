/**
 * Feedback a tap gives beyond the screen (a haptic tick inside Telegram, docs/decisions/031). Whoever can give it
 * registers here; the coin only calls `tapFeedback()`, which defers the work until after the tap's frame is
 * painted, so the feedback can never slow the tap down.
 */

let feedback: (() => void) | null = null;

export function setTapFeedback(give: (() => void) | null): void {
  feedback = give;
}

export function tapFeedback(): void {
  const give = feedback;
  if (!give) return;
  // After the next frame, not before it: the tap paints first.
  requestAnimationFrame(() => setTimeout(give, 0));
}
