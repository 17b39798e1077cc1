/**
 * Number formats fixed by docs/product.md §2 and §9: rewards 4 decimals, wallet 2, multipliers as "Nx".
 * Balances are cut, never rounded up (docs/decisions/008): 105.065 USDT shows as 105.06, because showing
 * 105.07 would promise money the user cannot withdraw. Numbers go in as their shortest decimal spelling
 * (`String(value)`), so a float such as 4.35 (stored as 4.34999…) is cut as the 4.35 it stands for.
 * Outside `ui/` so a machine can word a toast with the same figures the screens show.
 */
/**
 * Made on first use: the first Intl.NumberFormat loads the locale's data, about 45 ms on a phone, and this
 * module loads with the runtime, which /auth awaits before the page comes alive (docs/decisions/043).
 */
const cutTo = (digits: number) => {
  let format: Intl.NumberFormat | undefined;
  return () =>
    (format ??= new Intl.NumberFormat("en-US", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      roundingMode: "trunc",
      useGrouping: true,
    }));
};
const rewards = cutTo(4);
const wallet = cutTo(2);
const decimal = (value: number) => String(value) as `${number}`;

export const formatRewards = (value: number) => rewards().format(decimal(value));
export const formatWallet = (value: number) => wallet().format(decimal(value));
/** 0.001 → "0.001x", 2 → "2x": as many decimals as the value has (at most 6). */
export const formatMultiplier = (value: number) => `${Number(value.toFixed(6))}x`;
