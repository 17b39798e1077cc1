import { useLayoutEffect, useRef } from "react";

/** What a live text follows: an actor, or anything else with a snapshot and a subscription. */
export interface Watchable<TSnapshot> {
  getSnapshot(): TSnapshot;
  subscribe(listener: (snapshot: TSnapshot) => void): { unsubscribe(): void };
}

/**
 * A text that follows a snapshot without a React render: each change writes the text node straight away, in
 * the task that made it (a tap's figures are painted in the tap's own frame, docs/decisions/009). Only for
 * figures that change on every tap; everything else renders through `useSelector` as usual.
 *
 * `text` must be a stable function (a module-level one): a new one subscribes again.
 */
export function LiveText<TSnapshot>({
  source,
  text,
}: {
  source: Watchable<TSnapshot>;
  text: (snapshot: TSnapshot) => string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let shown = element.textContent;
    const write = (snapshot: TSnapshot) => {
      const next = text(snapshot);
      if (next === shown) return;
      shown = next;
      // One text node's data: the cheapest change there is to lay out and paint.
      if (element.firstChild instanceof Text) element.firstChild.data = next;
      else element.textContent = next;
    };
    write(source.getSnapshot());
    const subscription = source.subscribe(write);
    return () => subscription.unsubscribe();
  }, [source, text]);
  return <span ref={ref}>{text(source.getSnapshot())}</span>;
}
