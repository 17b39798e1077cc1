import { shortTronAddress } from "#contracts/tron-address.ts";
import { formatWallet } from "../kit/format.ts";

const date = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export const formatDate = (iso: string | null, empty = "Never") => (iso ? date.format(new Date(iso)) : empty);
export const formatTime = (iso: string) => dateTime.format(new Date(iso));
/** Spec §9: first 6 characters, an ellipsis, the last 4; or Not connected. */
export const formatAddress = (address: string | null, empty = "Not connected") =>
  address ? shortTronAddress(address) : empty;
export const formatUsdt = (value: number) => `${formatWallet(value)} USDT`;
/** Admin multipliers: two decimals and an x (docs/product.md §2, §9). */
export const formatMultiplier = (value: number) => `${value.toFixed(2)}x`;
/** A table cell shows the exact multiplier (0.001x would read 0.00x at two decimals). */
export const formatExactMultiplier = (value: number) => `${value}x`;
