/**
 * Every migration, in order. Static imports (no folder scanning) so the list is type-checked and works the
 * same from tsx, bundles and tests. Append new files as NNN-name.ts; never edit one that has shipped.
 */
import type { Migration } from "kysely";
import * as foundation from "./001-foundation.ts";
import * as ledgerAndTaps from "./002-ledger-and-taps.ts";
import * as walletAndChain from "./003-wallet-and-chain.ts";
import * as adminAudit from "./004-admin-audit.ts";
import * as abuseLimits from "./005-abuse-limits.ts";
import * as liveEvents from "./006-live-events.ts";
import * as economy from "./007-economy.ts";
import * as referralsAndRollups from "./008-referrals-and-rollups.ts";
import * as boardMarks from "./009-board-marks.ts";
import * as syncLimitOnRewards from "./010-sync-limit-on-rewards.ts";
import * as operations from "./011-operations.ts";
import * as telegramAccounts from "./012-telegram-accounts.ts";
import * as telegramLinkOwnership from "./013-telegram-link-ownership.ts";
import * as pruningIndexes from "./014-pruning-indexes.ts";
import * as fairPlay from "./015-fair-play.ts";
import * as riskTiming from "./016-risk-timing.ts";
import * as heldWithdrawals from "./017-held-withdrawals.ts";
import * as combosAndAutoClaim from "./018-combos-and-auto-claim.ts";
import * as coverageTrend from "./019-coverage-trend.ts";

export const migrations: Record<string, Migration> = {
  "001-foundation": foundation,
  "002-ledger-and-taps": ledgerAndTaps,
  "003-wallet-and-chain": walletAndChain,
  "004-admin-audit": adminAudit,
  "005-abuse-limits": abuseLimits,
  "006-live-events": liveEvents,
  "007-economy": economy,
  "008-referrals-and-rollups": referralsAndRollups,
  "009-board-marks": boardMarks,
  "010-sync-limit-on-rewards": syncLimitOnRewards,
  "011-operations": operations,
  "012-telegram-accounts": telegramAccounts,
  "013-telegram-link-ownership": telegramLinkOwnership,
  "014-pruning-indexes": pruningIndexes,
  "015-fair-play": fairPlay,
  "016-risk-timing": riskTiming,
  "017-held-withdrawals": heldWithdrawals,
  "018-combos-and-auto-claim": combosAndAutoClaim,
  "019-coverage-trend": coverageTrend,
};
