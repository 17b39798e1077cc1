/**
 * localStorage keys. The first four are the specification's (docs/product.md §3); `auth_session` is ours
 * (refresh token).
 */
export const STORAGE_KEYS = {
  authToken: "auth_token",
  userData: "user_data",
  adminUser: "adminUser",
  adminSession: "adminSession",
  authSession: "auth_session",
} as const;

/** The per-user rewards key of docs/product.md §3. */
export const rewardsKey = (userId: string) => `rewards_${userId}`;
