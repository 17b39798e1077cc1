/**
 * Every machine's model, registered as it is imported (tools/model-kit/registry.ts). A new machine in
 * src/machines needs a model file here; tools/model-kit/registry.test.ts fails until it has one.
 */
import "./account-forms.model.ts";
import "./achievement-news.model.ts";
import "./achievements.model.ts";
import "./admin-form.model.ts";
import "./admin-session.model.ts";
import "./app.model.ts";
import "./audit-page.model.ts";
import "./auth.model.ts";
import "./boosters.model.ts";
import "./dashboard-page.model.ts";
import "./deposit.model.ts";
import "./dashboard-economy.model.ts";
import "./fair-play-list.model.ts";
import "./fair-play-page.model.ts";
import "./funds-list.model.ts";
import "./funds-page.model.ts";
import "./leaderboard.model.ts";
import "./live-stream.model.ts";
import "./multipliers.model.ts";
import "./points-history.model.ts";
import "./protected.model.ts";
import "./referral.model.ts";
import "./standing.model.ts";
import "./stats.model.ts";
import "./streak.model.ts";
import "./taps.model.ts";
import "./taps-store.model.ts";
import "./telegram-link.model.ts";
import "./users-list.model.ts";
import "./users-page.model.ts";
import "./wallet-history.model.ts";
import "./withdraw-rewards.model.ts";
import "./withdraw-usdt.model.ts";

export { findModel, registeredModels } from "../../../tools/model-kit/registry.ts";
