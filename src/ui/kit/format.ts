/** Number formats fixed by spec §9: rewards 4 decimals, wallet 2, multipliers as "Nx". */
const fixed = (digits: number) =>
  new Intl.NumberFormat("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: true,
  });
const rewards = fixed(4);
const wallet = fixed(2);

export const formatRewards = (value: number) => rewards.format(value);
export const formatWallet = (value: number) => wallet.format(value);
/** 0.001 → "0.001x", 2 → "2x": as many decimals as the value has (at most 6). */
export const formatMultiplier = (value: number) => `${Number(value.toFixed(6))}x`;
