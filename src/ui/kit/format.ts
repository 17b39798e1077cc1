/** The number formats, for components (machines that word a toast import `#src/format/numbers.ts` itself). */
export { formatMultiplier, formatRewards, formatWallet } from "#src/format/numbers.ts";
