/**
 * The admins' review of accounts (docs/fair-play.md): accounts by score with the signals that count (raised
 * since their last clear) and the evidence of each, filtered by status or open appeal; one account's networks
 * over 30 days, its referrer and its friends.
 */
import {
  findRiskAccount,
  friendsOf,
  listRiskAccounts,
  networksOf,
  type RelatedAccount,
  type RiskAccountRow,
  type RiskFilter,
  referrerOf,
  type ScorePosition,
} from "../../db/repos/risk-review.repo.ts";
import { countingSignalsOf, type StoredSignal } from "../../db/repos/risk-signals.repo.ts";
import { AppError } from "../../errors.ts";
import type { Uses } from "../deps.ts";
import { NETWORK_DAYS } from "./networks.ts";

export type { RiskFilter, ScorePosition };

export interface RiskItem extends RiskAccountRow {
  signals: StoredSignal[];
}

export interface RiskPage {
  items: RiskItem[];
  next: ScorePosition | null;
}

async function withSignals(deps: Uses<"db">, rows: RiskAccountRow[]): Promise<RiskItem[]> {
  const signals = await countingSignalsOf(
    deps.db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({ ...row, signals: signals.get(row.userId) ?? [] }));
}

export async function riskPage(
  deps: Uses<"db">,
  request: { filter: RiskFilter; limit: number; after: ScorePosition | null },
): Promise<RiskPage> {
  const rows = await listRiskAccounts(deps.db, { ...request, limit: request.limit + 1 });
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    items: await withSignals(deps, page),
    next: rows.length > request.limit && last ? { score: last.score, userId: last.userId } : null,
  };
}

export interface RiskDetail extends RiskItem {
  networks: Array<{ network: string; accounts: number }>;
  referrer: RelatedAccount | null;
  friends: RelatedAccount[];
}

const unknownUser = () =>
  new AppError("NOT_FOUND", "No user has this id. Reload the list and pick one from it.");

export async function riskDetail(deps: Uses<"db" | "clock">, userId: string): Promise<RiskDetail> {
  const row = await findRiskAccount(deps.db, userId);
  if (!row) throw unknownUser();
  const since = new Date(deps.clock().getTime() - NETWORK_DAYS * 86_400_000);
  const [item] = await withSignals(deps, [row]);
  return {
    ...(item as RiskItem),
    networks: await networksOf(deps.db, userId, since),
    referrer: await referrerOf(deps.db, userId),
    friends: await friendsOf(deps.db, userId),
  };
}
