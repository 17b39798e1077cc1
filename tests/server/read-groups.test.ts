/**
 * The reads a crowd of unknown players costs (docs/decisions/044): the tap syncs that must read their row, and the
 * requests whose access token this instance does not remember, go out one statement per turn of the event loop.
 * Each caller still gets exactly its own answer, in any order, repeated or unknown.
 */
import { randomUUID } from "node:crypto";
import type { KyselyPlugin } from "kysely";
import { describe, expect, it } from "vitest";
import { lookUpSession } from "#server/domain/auth/session-lookups.ts";
import { hashToken } from "#server/domain/auth/tokens.ts";
import { readInGroup } from "#server/domain/taps/sync-read-groups.ts";
import { sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp({ config: { signupLimitPerIpHour: 0 } });

/** The app's database, counting the statements sent through it. */
function countingDb() {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: t.database.handle.db.withPlugin(plugin), counter };
}

describe("reads grouped by turn", () => {
  it("reads the sync states of one turn in one statement, each its own: a stored batch, a repeat, no row yet", async () => {
    const tapped = sessionCaller(await signUpAndLogIn(t.app));
    const batchId = randomUUID();
    expect((await syncTaps(t.app, tapped, { batchId, taps: 4 })).statusCode).toBe(200);
    const fresh = sessionCaller(await signUpAndLogIn(t.app));
    const { db, counter } = countingDb();
    const [stored, again, untapped, newBatch] = await Promise.all([
      readInGroup(db, { userId: tapped.id, batchId }),
      readInGroup(db, { userId: tapped.id, batchId }),
      readInGroup(db, { userId: fresh.id, batchId: randomUUID() }),
      readInGroup(db, { userId: tapped.id, batchId: randomUUID() }),
    ]);
    expect(counter.statements).toBe(1);
    expect(stored!.batch).toMatchObject({ tapsCredited: 4, totalTapsAfter: 4 });
    expect(again).toEqual(stored);
    expect(stored!.rewards?.row).toMatchObject({ totalTaps: 4, pointsMicro: 4_000 });
    expect(untapped).toMatchObject({ rewards: null, batch: null, lastClaim: null, standing: "ok" });
    expect(newBatch).toMatchObject({ batch: null, rewards: { row: { totalTaps: 4 } } });
    // Reads in later turns are later statements: nothing is kept between groups.
    expect((await readInGroup(db, { userId: tapped.id, batchId })).batch).not.toBeNull();
    expect(counter.statements).toBe(2);
  });

  it("looks up the sessions of one turn in one statement: each token its own account, an unknown one none", async () => {
    const a = sessionCaller(await signUpAndLogIn(t.app));
    const b = sessionCaller(await signUpAndLogIn(t.app));
    const { db, counter } = countingDb();
    const [first, second, unknown, repeat] = await Promise.all([
      lookUpSession(db, hashToken(a.token)),
      lookUpSession(db, hashToken(b.token)),
      lookUpSession(db, hashToken("not-a-token")),
      lookUpSession(db, hashToken(a.token)),
    ]);
    expect(counter.statements).toBe(1);
    expect(first?.user.id).toBe(a.id);
    expect(second?.user.id).toBe(b.id);
    expect(unknown).toBeUndefined();
    expect(repeat?.user.id).toBe(a.id);
  });
});
