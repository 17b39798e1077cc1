/**
 * The live-aware fragment (docs/decisions/017): a page actor that follows one stream hears it through
 * `liveEvents` for as long as it lives and keeps whether the stream is up (`streamUp` in its context), so it
 * reads by itself only while the stream is down, and reads once more when the stream comes back. A machine
 * spreads these into its `setup({ actors })` and its chart (`invoke`, `on`); its `streamUp` / `streamDown`
 * actions (two assigns) and guards stay in its own `setup()`, where XState types them by its context.
 */
import type { AppLink } from "../app.types.ts";
import type { StreamName } from "../live/live.types.ts";
import { liveEvents } from "../live/live-events.ts";

/** For `setup({ actors })`. */
export const liveActors = { liveEvents };

/** The chart's invoke: hears `stream` for the page's life (the page's `app` link is in its context). */
export const hearStream = (stream: StreamName) =>
  ({
    id: "live",
    src: "liveEvents",
    input: ({ context }: { context: { app: AppLink } }) => ({ app: context.app, stream }),
  }) as const;

/** The chart's root `on`: the stream's status kept, whatever state the page is in. */
export const followStreamStatus = {
  "STREAM.UP": { actions: "streamUp" },
  "STREAM.DOWN": { actions: "streamDown" },
} as const;
