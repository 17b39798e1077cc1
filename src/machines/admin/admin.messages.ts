/** The back office's words (docs/product.md §5, §8): failures say the page's own words, never the server's. */
import type { FormSuccess } from "./admin.types.ts";

export const FILL_ALL_FIELDS = "Please fill in all fields.";

export const PAGE_FAILURES = {
  dashboard: "Failed to load admin dashboard data. Please try again.",
  users: "Failed to load user management data. Please try again.",
  funds: "Failed to load funds management data. Please try again.",
  audit: "Failed to load the audit log. Please try again.",
  fairPlay: "Failed to load the fair play review. Please try again.",
  riskAccount: "Failed to load this account's risk. Please try again.",
  economy: "Failed to load the economy. Please try again.",
} as const;

export const FORM_FAILURES = {
  withdraw: "Failed to process withdrawal. Please try again.",
  fundWallet: "Failed to fund wallet. Please try again.",
  updateMultiplier: "Failed to update multiplier. Please try again.",
  createAdmin: "Failed to create admin user. Please try again.",
  riskAction: "Failed to update the account. Please try again.",
  approveWithdrawal: "Failed to approve the withdrawal. Please try again.",
  rejectWithdrawal: "Failed to reject the withdrawal. Please try again.",
} as const;

/** A reason an admin gives for a decision (docs/fair-play.md): the server takes 3 to 500 characters. */
export const REASON_LIMITS = { min: 3, max: 500 } as const;
export const REASON_LENGTH = "Please give a reason of 3 to 500 characters.";
/** A 409 on a held withdrawal: another admin decided it first (or this decision is still being carried out). */
export const ALREADY_DECIDED =
  "Another admin has already decided this withdrawal. The list now shows where it stands.";

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

const RISK_DONE = {
  clear: ["Account Cleared", "is in good standing again; its signals are forgotten."],
  freeze: ["Account Frozen", "is frozen: its taps and withdrawals are paused."],
  unfreeze: ["Account Unfrozen", "can tap and withdraw again (its review goes on if its score says so)."],
  ban: ["Account Banned", "is closed and signed out everywhere."],
} as const;
export const riskActionDone = (action: keyof typeof RISK_DONE, label: string): FormSuccess => ({
  title: RISK_DONE[action][0],
  description: `${label} ${RISK_DONE[action][1]}`,
});
export const withdrawalApproved = (label: string): FormSuccess => ({
  title: "Withdrawal Approved",
  description: `${label} is on its way.`,
});
export const withdrawalRejected = (label: string): FormSuccess => ({
  title: "Withdrawal Rejected",
  description: `${label} went back to the player's wallet.`,
});
