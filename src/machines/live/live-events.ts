/**
 * How a page actor hears live events: invoked while the page lives, it subscribes to what the root actor
 * publishes for one stream and sends each event to the page actor, first telling it whether the stream is up
 * right now (STREAM.UP or STREAM.DOWN). Its cleanup unsubscribes, so a page that closes hears nothing more.
 */
import { fromCallback } from "xstate";
import type { AppLink } from "../app.types.ts";
import type { LiveEvent, StreamName } from "./live.types.ts";

export const liveEvents = fromCallback<{ type: "CLOSE" }, { app: AppLink; stream: StreamName }>(
  ({ input, sendBack }) => {
    const up = input.app.getSnapshot().context.streamsUp[input.stream];
    sendBack({ type: up ? "STREAM.UP" : "STREAM.DOWN" } satisfies LiveEvent);
    const subscription = input.app.on("live", (fact) => {
      if (fact.stream === input.stream) sendBack(fact.event);
    });
    return () => subscription.unsubscribe();
  },
);
