/**
 * One open stream (docs/decisions/017): a viewer's position in each stream it reads, advanced only by what it
 * has been sent. Catching up is always a read of the log after that position, one read at a time per
 * subscription, so a notification that comes twice, late, or never (then a reconnect or the next one catches
 * up) still sends every event once and in order.
 */
import type { Kysely } from "kysely";
import type { Logger } from "../../context.ts";
import { readLiveEventsAfter, type StoredLiveEvent } from "../../db/repos/live-events.repo.ts";
import type { Database } from "../../db/schema.ts";
import { encodePosition } from "./stream-position.ts";

const READ_BATCH = 200;

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
  #reading = false;
  #readAgain = false;
  #ended = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
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

  /** Sends what the log holds past this subscription's positions; a call during a read makes it read again. */
  async catchUp(): Promise<void> {
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = true;
    try {
      do {
        this.#readAgain = false;
        for (const stream of this.streams) await this.#catchUpOn(stream);
      } while (this.#readAgain && !this.#ended);
    } catch (err) {
      // The client reconnects and resumes from its last id: ending is safer than guessing what was sent.
      this.log.error({ err }, "live stream read failed; ending the stream");
      this.end();
    } finally {
      this.#reading = false;
    }
  }

  async #catchUpOn(stream: string): Promise<void> {
    for (;;) {
      const position = this.#positions.get(stream) ?? 0;
      const events = await readLiveEventsAfter(this.db, stream, position, READ_BATCH);
      const first = events[0];
      if (!first || this.#ended) return;
      // The events after our position were pruned meanwhile: the screen must reload its figures.
      if (first.seq !== position + 1) {
        this.#positions.set(stream, first.seq - 1);
        this.send({ id: this.id, type: "reset", data: {} });
      }
      for (const event of events) {
        if (this.#ended) return;
        this.#deliver(stream, event);
      }
      if (events.length < READ_BATCH) return;
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
