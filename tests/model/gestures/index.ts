/** Every machine that has a walk through the real screens; the exporter writes a spec for each. */
import { accountFormsParts } from "./account-forms.gestures.ts";
import { achievementNewsWalk } from "./achievement-news.gestures.ts";
import { achievementsWalk } from "./achievements.gestures.ts";
import type { Walk } from "./actions.ts";
import { adminFormWalk } from "./admin-form.gestures.ts";
import {
  auditPageWalk,
  dashboardEconomyWalk,
  dashboardPageWalk,
  fairPlayListWalk,
  fundsListWalk,
  usersListWalk,
} from "./admin-lists.gestures.ts";
import { adminSessionWalk } from "./admin-session.gestures.ts";
import { appWalk } from "./app.gestures.ts";
import { authWalk } from "./auth.gestures.ts";
import { boostersWalk } from "./boosters.gestures.ts";
import { depositWalk } from "./deposit.gestures.ts";
import { fairPlayPageWalk } from "./fair-play-page.gestures.ts";
import { fundsPageWalk } from "./funds-page.gestures.ts";
import { leaderboardWalk } from "./leaderboard.gestures.ts";
import { liveStreamWalk } from "./live-stream.gestures.ts";
import { multipliersWalk } from "./multipliers.gestures.ts";
import { pointsHistoryWalk } from "./points-history.gestures.ts";
import { protectedWalk } from "./protected.gestures.ts";
import { referralWalk } from "./referral.gestures.ts";
import { standingWalk } from "./standing.gestures.ts";
import { statsWalk } from "./stats.gestures.ts";
import { streakWalk } from "./streak.gestures.ts";
import { tapsWalk } from "./taps.gestures.ts";
import { tapsStoreWalk } from "./taps-store.gestures.ts";
import { telegramLinkWalk } from "./telegram-link.gestures.ts";
import { usersPageWalk } from "./users-page.gestures.ts";
import { walletHistoryWalk } from "./wallet-history.gestures.ts";
import { withdrawRewardsWalk } from "./withdraw-rewards.gestures.ts";
import { withdrawUsdtWalk } from "./withdraw-usdt.gestures.ts";

export const walks: Walk[] = [
  { machine: "account-forms", parts: accountFormsParts },
  appWalk,
  authWalk,
  liveStreamWalk,
  protectedWalk,
  tapsWalk,
  tapsStoreWalk,
  auditPageWalk,
  dashboardPageWalk,
  usersListWalk,
  fundsListWalk,
  fairPlayListWalk,
  dashboardEconomyWalk,
  streakWalk,
  achievementsWalk,
  telegramLinkWalk,
  achievementNewsWalk,
  standingWalk,
  pointsHistoryWalk,
  leaderboardWalk,
  multipliersWalk,
  withdrawRewardsWalk,
  fundsPageWalk,
  usersPageWalk,
  adminFormWalk,
  adminSessionWalk,
  boostersWalk,
  depositWalk,
  withdrawUsdtWalk,
  referralWalk,
  statsWalk,
  walletHistoryWalk,
  fairPlayPageWalk,
];
