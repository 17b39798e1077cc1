/** The back office's words (docs/product.md §5, §8): failures say the page's own words, never the server's. */
import type { FormSuccess } from "./admin.types.ts";

export const FILL_ALL_FIELDS = "Please fill in all fields.";

export const PAGE_FAILURES = {
  dashboard: "Failed to load admin dashboard data. Please try again.",
  users: "Failed to load user management data. Please try again.",
  funds: "Failed to load funds management data. Please try again.",
  audit: "Failed to load the audit log. Please try again.",
} as const;

export const FORM_FAILURES = {
  withdraw: "Failed to process withdrawal. Please try again.",
  fundWallet: "Failed to fund wallet. Please try again.",
  updateMultiplier: "Failed to update multiplier. Please try again.",
  createAdmin: "Failed to create admin user. Please try again.",
} as const;

export const withdrawalInitiated = (amount: number, address: string): FormSuccess => ({
  title: "Withdrawal Initiated",
  description: `Withdrawing ${amount} USDT to ${address}`,
});
export const walletFunded = (amount: number): FormSuccess => ({
  title: "Wallet Funded",
  description: `Successfully funded the user's wallet with ${amount} USDT`,
});
export const multiplierUpdated = (multiplier: number): FormSuccess => ({
  title: "Multiplier Updated",
  description: `updated to ${multiplier}x`,
});
export const adminCreated = (email: string): FormSuccess => ({
  title: "Admin Created",
  description: `Successfully created admin user with ${email}`,
});
