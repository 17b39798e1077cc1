/** What the admin page machines load, what their dialogs act on, and what they tell the screen. */
import type {
  AdminMetrics,
  AdminUsersPage,
  AuditPage,
  FundedUsersPage,
  FundedWalletsPage,
  ListQuery,
  MultiplierStats,
  TreasuryPage,
  UnfundedUsersPage,
} from "#src/api/admin.ts";
import type {
  EconomyAnswer,
  HeldWithdrawal,
  RiskDetail,
  RiskPage,
  RiskQuery,
} from "#src/api/fair-play-admin.ts";

export type { HeldWithdrawal } from "#src/api/fair-play-admin.ts";

export interface DashboardData {
  metrics: AdminMetrics;
  users: AdminUsersPage;
}

export interface UsersQuery {
  funded: ListQuery;
  unfunded: ListQuery;
}
export interface UsersData {
  stats: MultiplierStats;
  funded: FundedUsersPage;
  unfunded: UnfundedUsersPage;
}

export interface FundsQuery {
  transactions: ListQuery;
  wallets: ListQuery;
}
export interface FundsData {
  pool: { balance: number };
  wallets: FundedWalletsPage;
  transactions: TreasuryPage;
}

export type AuditData = AuditPage;

/** Fair play (docs/fair-play.md): the accounts by the filter, and the held withdrawals, each page by its cursor. */
export interface FairPlayQuery {
  risk: RiskQuery;
  held: { cursor?: string };
}
export interface FairPlayData {
  risk: RiskPage;
  held: { items: HeldWithdrawal[]; nextCursor: string | null };
}
export type RiskAccountData = RiskDetail;

/** The dashboard's economy (docs/fair-play.md): the last `days` UTC days and what is owed against what is held. */
export interface EconomySearch {
  days: number;
}
export type EconomyData = EconomyAnswer;

/** The user a dialog acts on (Fund User Wallet, Update User Multiplier), shown read-only. */
export interface AdminTarget {
  /** The account's id, or the withdrawal's for a decision on a held withdrawal. */
  id: string;
  /** How the dialog names the account: its email, or its Telegram name (docs/decisions/031). */
  label: string;
  /** The account's multiplier, for the dialogs that change it. */
  multiplier?: number;
}

/** The success toast of an admin action. */
export interface FormSuccess {
  title: string;
  description: string;
}

/** Toasts leave the admin machines as emitted events (docs/design.md §3). */
export type { Toast as AdminToast } from "#src/machines/shared/toast.ts";

/** What the server says of a stored admin token: still an admin's, no longer, or it could not be asked. */
export type RoleCheck = "admin" | "revoked" | "unreachable";
