/**
 * What tabs of one browser share, faked for tests in one process: an exclusive lock manager (the Web Locks
 * API: a lock is held until its task settles, the next waiter gets it; a waiter can abort) and a
 * BroadcastChannel hub (a message reaches every other member of the channel, never its sender).
 */
import type { ChannelLike, TabLocks, TabMessage } from "#src/machines/live/live.actors.ts";

export function fakeLocks() {
  const holders = new Map<string, string>();
  const waiting = new Map<string, Array<() => void>>();
  let requests = 0;
  /** The holder `id` is done with the lock (a crashed holder's late end releases nothing). */
  const release = (name: string, id: string) => {
    if (holders.get(name) !== id) return;
    holders.delete(name);
    waiting.get(name)?.shift()?.();
  };
  /** Runs `task` while holding the named lock; waits its turn, or gives up when `signal` aborts. */
  function withLock<T>(name: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const id = `request-${++requests}`;
    return new Promise<T>((resolve, reject) => {
      const run = () => {
        holders.set(name, id);
        task()
          .then(resolve, reject)
          .finally(() => release(name, id));
      };
      if (!holders.has(name)) {
        run();
        return;
      }
      const queue = waiting.get(name) ?? [];
      waiting.set(name, queue);
      queue.push(run);
      signal?.addEventListener("abort", () => {
        const index = queue.indexOf(run);
        if (index >= 0) queue.splice(index, 1);
        reject(new DOMException("aborted", "AbortError"));
      });
    });
  }
  const locks: TabLocks = { request: (name, options, task) => withLock(name, task, options.signal) };
  return {
    locks,
    withLock,
    held: (name: string) => holders.has(name),
    /** The holder's tab closed: the browser releases its lock whatever its task was doing. */
    crash: (name: string) => {
      const id = holders.get(name);
      if (id) release(name, id);
    },
  };
}

export function channelHub() {
  const members = new Map<string, Set<ChannelLike>>();
  const sent: TabMessage[] = [];
  const open = (name: string): ChannelLike => {
    const channel: ChannelLike = {
      onmessage: null,
      postMessage(message) {
        sent.push(message);
        for (const other of members.get(name) ?? []) {
          if (other === channel) continue;
          // BroadcastChannel delivers in a later task, never during postMessage.
          queueMicrotask(() => other.onmessage?.(new MessageEvent("message", { data: message })));
        }
      },
      close() {
        members.get(name)?.delete(channel);
      },
    };
    if (!members.has(name)) members.set(name, new Set());
    members.get(name)!.add(channel);
    return channel;
  };
  return { open, sent };
}
