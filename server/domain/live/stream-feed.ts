/**
 * One stream of the log as this instance follows it (docs/decisions/035): the subscriptions that read it, and
 * one read of the log at a time for all of them. A commit announced on a user's stream costs one read however
 * many of that user's screens are open here; each subscription takes from it what lies past its own position.
 * A read starts from the lowest position of the subscriptions it serves; one that joins while a read is under
 * way is served by the next read, which is queued at once (its position may be below the running read's).
 */
import type { Kysely } from "kysely";
import { readLiveEventsAfter } from "../../db/repos/live-events.repo.ts";
import type { Database } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import type { LiveSubscription } from "./live-subscription.ts";

const READ_BATCH = 200;

export class StreamFeed {
  readonly #subscriptions = new Set<LiveSubscription>();
  #reading: Promise<void> | undefined;
  #queued: Promise<void> | undefined;

  constructor(
    readonly stream: string,
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
  ) {}

  /** In the order they joined: the first is the oldest. */
  get subscriptions(): LiveSubscription[] {
    return [...this.#subscriptions];
  }

  get size(): number {
    return this.#subscriptions.size;
  }

  add(subscription: LiveSubscription): void {
    this.#subscriptions.add(subscription);
  }

  delete(subscription: LiveSubscription): void {
    this.#subscriptions.delete(subscription);
  }

  /** Whether some subscription has yet to be sent event `seq`. */
  awaits(seq: number): boolean {
    for (const subscription of this.#subscriptions) if (subscription.awaits(this.stream, seq)) return true;
    return false;
  }

  /**
   * Sends every subscription what the log holds past its position. Settles once a read that started after
   * this call has finished; calls made during a read share the one read queued behind it.
   */
  catchUp(): Promise<void> {
    if (this.#queued) return this.#queued;
    if (!this.#reading) return this.#startReading();
    const queued = this.#reading.then(() => {
      this.#queued = undefined;
      return this.#startReading();
    });
    this.#queued = queued;
    return queued;
  }

  #startReading(): Promise<void> {
    const reading = this.#readForAll().finally(() => {
      if (this.#reading === reading) this.#reading = undefined;
    });
    this.#reading = reading;
    return reading;
  }

  /** Never rejects: a failed read ends the streams it was for (their clients resume by id). */
  async #readForAll(): Promise<void> {
    let readers = this.subscriptions.filter((subscription) => !subscription.ended);
    try {
      while (readers.length > 0) {
        const from = Math.min(...readers.map((subscription) => subscription.positionIn(this.stream)));
        const events = await readLiveEventsAfter(this.db, this.stream, from, READ_BATCH);
        for (const subscription of readers) subscription.receive(this.stream, events);
        if (events.length < READ_BATCH) return;
        readers = readers.filter((subscription) => !subscription.ended);
      }
    } catch (err) {
      // Ending is safer than guessing what was sent.
      this.log.error({ err }, "live stream read failed; ending the streams it was for");
      for (const subscription of readers) subscription.end();
    }
  }
}
