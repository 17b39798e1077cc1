/**
 * `admin.metrics` for the admins' open streams (docs/decisions/017): the dashboard's figures, read from the
 * database at most once per interval while changes are announced, and sent only when they differ from the
 * last ones sent. Nothing is written for it: the tap-sync transaction stays as short as it was, and a
 * snapshot has no id (a late screen reads GET /admin/metrics, or gets one when its stream opens).
 */
import type { Logger } from "../../logger.ts";
import type { LiveSubscription } from "./live-subscription.ts";

export const ADMIN_METRICS_EVENT = "admin.metrics";

export class AdminMetricsFeed {
  #timer: NodeJS.Timeout | undefined;
  #changed = false;
  #running = false;
  #lastReadAt = 0;
  #lastSent = "";
  #stopped = false;

  constructor(
    private readonly read: () => Promise<unknown>,
    private readonly admins: () => LiveSubscription[],
    private readonly log: Logger,
    private readonly intervalMs: number,
  ) {}

  /** Something was committed; the figures may have moved. */
  changed(): void {
    if (this.#stopped || this.admins().length === 0) return;
    this.#changed = true;
    this.#plan();
  }

  /** The current figures for a stream that just opened. */
  async greet(admin: LiveSubscription): Promise<void> {
    const figures = await this.read();
    admin.send({ type: ADMIN_METRICS_EVENT, data: figures });
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  #plan(): void {
    if (this.#timer || this.#running) return;
    const wait = Math.max(0, this.#lastReadAt + this.intervalMs - Date.now());
    this.#timer = setTimeout(() => void this.#send(), wait);
    this.#timer.unref();
  }

  async #send(): Promise<void> {
    this.#timer = undefined;
    if (!this.#changed || this.#stopped) return;
    this.#changed = false;
    this.#running = true;
    this.#lastReadAt = Date.now();
    try {
      const figures = await this.read();
      const text = JSON.stringify(figures);
      if (text === this.#lastSent) return;
      this.#lastSent = text;
      for (const admin of this.admins()) admin.send({ type: ADMIN_METRICS_EVENT, data: figures });
    } catch (err) {
      this.log.error({ err }, "admin metrics for live streams failed");
    } finally {
      this.#running = false;
      if (this.#changed) this.#plan();
    }
  }
}
