/**
 * Work that runs after the answer has gone out (for instance the mail of forgot-password, so the answer takes
 * the same time whether or not the email exists). Tracked so a graceful shutdown, and tests, can wait for it.
 */
export interface TaskLogger {
  error(object: unknown, message: string): void;
}

export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly log: TaskLogger) {}

  /** Starts `task` on the next turn of the event loop; failures are logged, never thrown. */
  run(name: string, task: () => Promise<void>): void {
    const promise = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err, task: name }, "background task failed"))
      .finally(() => this.#running.delete(promise));
    this.#running.add(promise);
  }

  /** Resolves when every task started so far, and any they started, has finished. */
  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }
}
