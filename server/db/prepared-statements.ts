/**
 * The tap sync's statements run thousands of times a second; as unnamed statements PostgreSQL would parse and
 * plan each one every time. A statement whose text starts with `/* prepared: <name> *\/` is sent as a named
 * prepared statement instead, which the driver (pg) parses once per connection and PostgreSQL can then plan
 * once (docs/decisions/028). Only fixed texts may carry the mark: one name must always mean one text.
 * On PGlite the mark is just a comment.
 */
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";

const MARK = /^\/\* prepared: ([a-z0-9-]+) \*\//;

/** The statement's name when its text opts in, else null. */
export const preparedName = (text: string): string | null => MARK.exec(text)?.[1] ?? null;

/** The pool Kysely's PostgresDialect uses: the same connections, with marked statements sent named. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (textOrCursor: unknown, values?: ReadonlyArray<unknown>) => {
        const name = typeof textOrCursor === "string" ? preparedName(textOrCursor) : null;
        if (name === null) return client.query(textOrCursor as string, values as unknown[]);
        return client.query({ name, text: textOrCursor as string, values: values as unknown[] });
      };
      // A cursor (Kysely's streaming) passes through unchanged, as does every unmarked text.
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
