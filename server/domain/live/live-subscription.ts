/**
 * One open stream (docs/decisions/017): a viewer's position in each stream it reads, advanced only by what it
 * has been sent. It reads nothing itself: the stream's feed (stream-feed.ts) reads the log once for all of
 * its subscriptions, one read at a time, and each takes what lies past its own position, so a notification
 * that comes twice, late, or never (then a reconnect or the next one catches up) still sends every event
 * once and in order.
 */
import type { StoredLiveEvent } from "../../db/repos/live-events.repo.ts";
import { encodePosition } from "./stream-position.ts";

/** One SSE frame; snapshots (admin.metrics) have no id: they are not in the log and never replayed. */
export interface LiveFrame {
  id?: string;
  type: string;
  data: unknown;
}

/** Where frames go. send() answers false when the client cannot keep up: the stream is over then. */
export interface LiveSink {
  send(frame: LiveFrame): boolean;
  end(): void;
}

export interface LiveViewer {
  userId: string;
  /** The session family the stream was opened with: its logout ends this stream. */
  familyId: string;
  isAdmin: boolean;
}

export class LiveSubscription {
  readonly #positions: Map<string, number>;
  #ended = false;

  constructor(
    readonly viewer: LiveViewer,
    positions: Map<string, number>,
    private readonly sink: LiveSink,
    private readonly onEnd: (subscription: LiveSubscription) => void,
    /** Told of each event committed after the stream opened, once its frame is written (the metric). */
    private readonly onDelivered: (event: StoredLiveEvent) => void = () => {},
  ) {
    this.#positions = new Map(positions);
  }

  get streams(): string[] {
    return [...this.#positions.keys()];
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** The SSE id of everything sent so far. */
  get id(): string {
    return encodePosition([...this.#positions.values()]);
  }

  /** Whether event `seq` of `stream` is still to be sent. */
  awaits(stream: string, seq: number): boolean {
    return !this.#ended && seq > (this.#positions.get(stream) ?? Number.POSITIVE_INFINITY);
  }

  /** False when the frame was not written (the stream had ended, or ends now: the client is too slow). */
  send(frame: LiveFrame): boolean {
    if (this.#ended) return false;
    if (this.sink.send(frame)) return true;
    this.end();
    return false;
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.sink.end();
    this.onEnd(this);
  }

  /** The number of the last event of `stream` sent (or skipped) so far. */
  positionIn(stream: string): number {
    return this.#positions.get(stream) ?? 0;
  }

  /**
   * Events of `stream` read from the log in order, from at most this subscription's position on: those at or
   * below it were sent already; a first one past the next number means what came between was pruned.
   */
  receive(stream: string, events: readonly StoredLiveEvent[]): void {
    for (const event of events) {
      if (this.#ended) return;
      const position = this.positionIn(stream);
      if (event.seq <= position) continue;
      // The events after our position were pruned meanwhile: the screen must reload its figures.
      if (event.seq !== position + 1) {
        this.#positions.set(stream, event.seq - 1);
        this.send({ id: this.id, type: "reset", data: {} });
        if (this.#ended) return;
      }
      this.#deliver(stream, event);
    }
  }

  #deliver(stream: string, event: StoredLiveEvent): void {
    this.#positions.set(stream, event.seq);
    if (event.type !== "session") {
      if (this.send({ id: this.id, type: event.type, data: event.payload })) this.onDelivered(event);
      return;
    }
    // Another session family's logout is not this stream's business; a password reset ends them all.
    if (event.familyId !== null && event.familyId !== this.viewer.familyId) return;
    this.send({ id: this.id, type: event.type, data: event.payload });
    this.end();
  }
}
