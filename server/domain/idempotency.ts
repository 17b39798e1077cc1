/**
 * Idempotency-Key handling for the money-moving routes (docs/api.md, "Idempotency" under Rules for every
 * route): the same key with the same body answers the stored result (status and body) and moves nothing;
 * another body is 422; while the first attempt runs, 409.
 *
 * The key is reserved in its own short statement, then the operation runs in a transaction that also stores
 * the answer, conditioned on still holding the reservation: the money moves exactly when the answer is
 * stored. Expected failures (4xx) are stored too; an unexpected error releases the key so a retry can run. A
 * reservation left by a crashed process is taken over after a minute.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { completeKey, findKey, releaseKey, reserveKey, takeOverKey } from "../db/repos/idempotency.repo.ts";
import type { Database } from "../db/schema.ts";
import { AppError, isErrorCode, isRefusal, statusOf } from "../errors.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "./live/live-transaction.ts";

const ABANDONED_AFTER_MS = 60_000;

export interface IdempotentRequest {
  callerId: string;
  key: string;
  /** Which operation the key was used for; the same key on another route is a mismatch. */
  scope: string;
  body: unknown;
}

interface StoredFailure {
  code: string;
  message: string;
}

export const idempotencyMismatch = () =>
  new AppError(
    "IDEMPOTENCY_MISMATCH",
    "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
  );

export const idempotencyInProgress = () =>
  new AppError("CONFLICT", "The same request is still being processed. Try again in a moment.");

/** Object keys sorted at every level, so the same body in another key order hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What "the same request" means: the same operation with the same body. */
export const hashIdempotentRequest = (request: Pick<IdempotentRequest, "scope" | "body">) =>
  createHash("sha256").update(request.scope).update("\n").update(canonicalJson(request.body)).digest("hex");

class LostReservation extends Error {}

export async function runIdempotent<T>(
  deps: LiveTransactionDeps,
  request: IdempotentRequest,
  operation: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const requestHash = hashIdempotentRequest(request);
  const attemptId = randomUUID();
  const { callerId, key } = request;
  const reservation = { callerId, key, attemptId };

  if (!(await reserveKey(deps.db, { ...reservation, requestHash, at: deps.clock() }))) {
    const stored = await findKey(deps.db, callerId, key);
    // Gone between the two statements: its attempt failed unexpectedly and released it.
    if (!stored) return runIdempotent(deps, request, operation);
    if (stored.requestHash !== requestHash) throw idempotencyMismatch();
    if (stored.statusCode !== null) return replay<T>(stored.statusCode, stored.response);
    const abandoned = deps.clock().getTime() - stored.createdAt.getTime() >= ABANDONED_AFTER_MS;
    if (!abandoned) throw idempotencyInProgress();
    const taken = await takeOverKey(deps.db, {
      callerId,
      key,
      staleAttemptId: stored.attemptId,
      attemptId,
      at: deps.clock(),
    });
    if (!taken) throw idempotencyInProgress();
  }

  try {
    return await transactionWithLiveEvents(deps, async (trx) => {
      const answer = await operation(trx);
      const stored = await completeKey(trx, {
        ...reservation,
        statusCode: 200,
        response: answer,
        at: deps.clock(),
      });
      if (!stored) throw new LostReservation();
      return answer;
    });
  } catch (err) {
    if (err instanceof LostReservation) throw idempotencyInProgress();
    if (isRefusal(err)) {
      const failure: StoredFailure = { code: err.code, message: err.message };
      await completeKey(deps.db, {
        ...reservation,
        // The record keeps the answer a retry gets, status included; the status is the code's (server/errors.ts).
        statusCode: statusOf(err.code),
        response: failure,
        at: deps.clock(),
      });
    } else {
      await releaseKey(deps.db, reservation).catch(() => {});
    }
    throw err;
  }
}

/** The stored answer again: a success as it was, a refusal as the same code and message (so the same status). */
function replay<T>(statusCode: number, response: unknown): T {
  if (statusCode < 400) return response as T;
  const failure = response as StoredFailure;
  // Only refusals are stored, each with a known code; one this build no longer knows is not replayed as a success.
  if (!isErrorCode(failure.code)) throw new Error(`stored refusal with an unknown code: ${failure.code}`);
  throw new AppError(failure.code, failure.message);
}
