/**
 * A Map that holds at most `capacity` entries: once full, the entry written longest ago makes room (a Map
 * iterates in insertion order, and `set` re-inserts). For per-instance memos whose loss only costs a database
 * read, so their size must stay bounded whatever the number of users.
 */
export class RecentMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be ≥ 1, got ${capacity}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Deletes every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, value] of this.#entries) if (matches(value)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
