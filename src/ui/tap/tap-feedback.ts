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
  afterNextPaint(give);
}

/**
 * Runs `work` once the next frame has been painted, not before it: a tap's own figures paint first. (A
 * `requestAnimationFrame` callback runs just before that frame's paint; the task it queues runs after it.)
 */
export function afterNextPaint(work: () => void): void {
  if (typeof requestAnimationFrame !== "function") setTimeout(work, 0);
  else requestAnimationFrame(() => setTimeout(work, 0));
}
