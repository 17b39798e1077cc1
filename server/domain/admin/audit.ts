/**
 * The audit log (docs/design.md §7): written in the same transaction as the action it records, and sent to
 * every admin's live stream when it commits.
 */
import type { Kysely, Transaction } from "kysely";
import { insertAuditEntry, listAuditEntries } from "../../db/repos/audit.repo.ts";
import type { Database } from "../../db/schema.ts";
import { auditRecorded } from "../live/screen-events.ts";
import { type Page, type PageRequest, readPage } from "../pagination.ts";

export interface Actor {
  id: string;
  email: string;
}

export type AdminAction =
  | "fund-wallet"
  | "treasury-withdrawal"
  | "update-multiplier"
  | "create-admin"
  | "devnet-fund"
  | "risk-clear"
  | "risk-freeze"
  | "risk-unfreeze"
  | "risk-ban"
  | "approve-withdrawal"
  | "reject-withdrawal";

export interface AuditEntry {
  id: string;
  actorEmail: string;
  action: string;
  target: string | null;
  amountMicro: number | null;
  at: Date;
  reason: string | null;
}

export async function recordAudit(
  trx: Transaction<Database>,
  entry: {
    actor: Actor;
    action: AdminAction;
    target: string | null;
    amountMicro: number | null;
    at: Date;
    /** Why the admin decided so (fair play's decisions). */
    reason?: string;
  },
): Promise<void> {
  const id = await insertAuditEntry(trx, {
    actor_id: entry.actor.id,
    actor_email: entry.actor.email,
    action: entry.action,
    target: entry.target,
    amount_micro: entry.amountMicro,
    created_at: entry.at,
    reason: entry.reason ?? null,
  });
  auditRecorded(trx, {
    id: String(id),
    actorEmail: entry.actor.email,
    action: entry.action,
    target: entry.target,
    amountMicro: entry.amountMicro,
    at: entry.at,
    reason: entry.reason ?? null,
  });
}

/** GET /admin/audit-log: newest first. */
export function listAudit(db: Kysely<Database>, request: PageRequest): Promise<Page<AuditEntry>> {
  return readPage(
    request,
    (page) => listAuditEntries(db, page),
    (row) => ({ at: row.created_at, id: String(row.id) }),
    (row) => ({
      id: String(row.id),
      actorEmail: row.actor_email,
      action: row.action,
      target: row.target,
      amountMicro: row.amount_micro,
      at: row.created_at,
      reason: row.reason,
    }),
  );
}
