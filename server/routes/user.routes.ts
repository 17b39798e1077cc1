/** /user/{id}/…: the caller's own record, points, taps and multiplier (policy `self`). */
import type { FastifyInstance } from "fastify";
import * as contract from "#contracts/user.ts";
import { creditTapBatch } from "../domain/taps/credit-tap-batch.ts";
import {
  HISTORY_ENTRY_ID,
  multiplierHistory,
  multiplierOf,
  pointsHistory,
  pointsOf,
} from "../domain/taps/points-queries.ts";
import { updateUser } from "../domain/users/update-user.ts";
import { userDetail } from "../domain/users/user-detail.ts";
import { countTapSync } from "../metrics/tap-sync-outcome.ts";
import { encodeCursor, pageRequest, SERIAL_ID } from "./list-cursor.ts";
import { registerEndpoint } from "./register-endpoint.ts";
import { microToWire, optionalMicroFromWire } from "./wire-units.ts";

export function registerUserRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  const wireUser = ({ createdAt, lastLogin, ...user }: Awaited<ReturnType<typeof userDetail>>) => ({
    ...user,
    created_at: createdAt.toISOString(),
    last_login: lastLogin?.toISOString() ?? null,
  });

  registerEndpoint(app, contract.getUser, async ({ params }) =>
    wireUser(await userDetail(ctx.db, params.id)),
  );

  registerEndpoint(app, contract.updateUser, async ({ params, body }) =>
    wireUser(await updateUser(ctx, params.id, body)),
  );

  registerEndpoint(app, contract.getPoints, async ({ params }) => {
    const { pointsMicro, totalTaps } = await pointsOf(ctx.db, params.id);
    return { points: microToWire(pointsMicro), totalTaps };
  });

  registerEndpoint(app, contract.syncTaps, async ({ params, body }) => {
    const result = await countTapSync(ctx.metrics, body.taps, () =>
      creditTapBatch(ctx, params.id, {
        batchId: body.batchId,
        taps: body.taps,
        claimedPointsMicro: optionalMicroFromWire(body.points, "body/points"),
        claimedMultiplierMicro: optionalMicroFromWire(body.multiplier, "body/multiplier"),
        intervals: body.intervals,
      }),
    );
    return {
      points: microToWire(result.pointsMicro),
      totalTaps: result.totalTaps,
      multiplier: microToWire(result.multiplierMicro),
      credited: {
        taps: result.credited.taps,
        points: microToWire(result.credited.pointsMicro),
        comboBonus: microToWire(result.credited.comboBonusMicro),
      },
      streak: result.streak && {
        current: result.streak.current,
        reward: microToWire(result.streak.rewardMicro),
      },
      replayed: result.replayed,
    };
  });

  registerEndpoint(app, contract.pointsHistory, async ({ params, query }) => {
    const page = await pointsHistory(ctx.db, params.id, pageRequest(query, HISTORY_ENTRY_ID));
    return {
      history: page.items.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        points: microToWire(entry.pointsMicro),
        multiplier: microToWire(entry.multiplierMicro),
        factor: entry.factor,
        timestamp: entry.at.toISOString(),
      })),
      nextCursor: encodeCursor(page.next),
    };
  });

  registerEndpoint(app, contract.getMultiplier, async ({ params }) => ({
    multiplier: microToWire(await multiplierOf(ctx.db, params.id)),
  }));

  registerEndpoint(app, contract.multiplierHistory, async ({ params, query }) => {
    const page = await multiplierHistory(ctx.db, params.id, pageRequest(query, SERIAL_ID));
    return {
      history: page.items.map((entry) => ({
        id: entry.id,
        oldMultiplier: microToWire(entry.oldMicro),
        newMultiplier: microToWire(entry.newMicro),
        timestamp: entry.at.toISOString(),
      })),
      nextCursor: encodeCursor(page.next),
    };
  });
}
