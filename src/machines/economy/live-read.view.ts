/** What a page kept current by a live-read machine shows: its status, its data, and whether a read is out. */
import type { AnyMachineSnapshot } from "xstate";

export interface LiveReadView<TData> {
  status: "loading" | "failed" | "ready";
  data: TData | null;
  /** A read under way behind figures already shown. */
  updating: boolean;
}

export function toLiveReadView<TData>(snapshot: AnyMachineSnapshot): LiveReadView<TData> {
  return {
    status: snapshot.hasTag("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "ready",
    data: snapshot.context.data as TData | null,
    updating: snapshot.hasTag("updating"),
  };
}
