// Seeds players for scripts/bench-crowd.mjs straight into the database (no password hashing): each with a
// rewards row, `first-tap` unlocked (players who have tapped before) and a real session made by the server's
// own code. Prints their ids and access tokens as JSON. Run with tsx: node --import tsx scripts/lib/seed-crowd.ts
import { randomBytes, randomUUID } from "node:crypto";
import { systemClock } from "#server/clock.ts";
import type { AppContext } from "#server/context.ts";
import { openPostgres } from "#server/db/database.ts";
import { startSession } from "#server/domain/auth/sessions.ts";

const [url, countText] = process.argv.slice(2);
if (!url || !countText) throw new Error("usage: seed-crowd.ts <DATABASE_URL> <players>");
const count = Number(countText);
const handle = await openPostgres({ url, maxConnections: 8 });
const now = new Date();
const players: Array<{ id: string; token: string }> = [];
for (let start = 0; start < count; start += 500) {
  const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
    id: randomUUID(),
    email: `crowd-${start + i}-${randomBytes(3).toString("hex")}@bench.local`,
    name: `Player ${start + i}`,
    password_hash: "not-a-hash:crowd-players-never-log-in",
    created_at: now,
    email_verified_at: now,
  }));
  await handle.db.insertInto("users").values(rows).execute();
  await handle.db
    .insertInto("user_rewards")
    .values(
      rows.map((row) => ({
        user_id: row.id,
        bucket_milli_taps: 1_800_000,
        bucket_updated_at: now,
        achievements_mask: 1,
      })),
    )
    .execute();
  // startSession only reads the clock and the database.
  const ctx = { db: handle.db, clock: systemClock } as unknown as AppContext;
  const tokens = await Promise.all(rows.map((row) => startSession(ctx, row.id, "password")));
  for (const [i, row] of rows.entries()) players.push({ id: row.id, token: tokens[i]!.access_token });
}
await handle.close();
process.stdout.write(JSON.stringify(players));
