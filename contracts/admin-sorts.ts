/**
 * What each admin list may be sorted by (docs/api.md: `sort` is `field:asc|desc` from a fixed list per route),
 * stated once for the contract (contracts/admin.ts), the server's check and the admin pages' URL search. A file
 * without imports: the admin search schemas load with the landing page, which must not pull in typebox.
 */
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** `email:asc`, `points:desc`: a field of the list and a direction. */
export type SortOf<TField extends string> = `${TField}:${SortDirection}`;

/** GET /admin/users (the dashboard's table). */
export const ADMIN_USERS_SORT_FIELDS = ["email", "points", "created_at", "last_login"] as const;
export type AdminUsersSortField = (typeof ADMIN_USERS_SORT_FIELDS)[number];

/** GET /admin/users-with-funded-wallets and /admin/users-without-funded-wallets (the Users page's tables). */
export const MANAGED_USERS_SORT_FIELDS = ["email", "multiplier", "points", "lastActive"] as const;
export type ManagedUsersSortField = (typeof MANAGED_USERS_SORT_FIELDS)[number];
