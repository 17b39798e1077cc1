/**
 * The back office's list pages walked in the browser, each a few lines over the shared list page walk
 * (list-page.gestures.ts): the page's URL, the call its load waits for, and what it shows.
 */
import { PAGE_FAILURES } from "#src/machines/admin/admin.messages.ts";
import { auditPage } from "../models/audit-page.model.ts";
import { economy } from "../models/dashboard-economy.model.ts";
import { dashboardPage } from "../models/dashboard-page.model.ts";
import { fairPlayList } from "../models/fair-play-list.model.ts";
import { fundsList } from "../models/funds-list.model.ts";
import { usersList } from "../models/users-list.model.ts";
import { listPageWalk } from "./list-page.gestures.ts";

export const auditPageWalk = listPageWalk({
  machine: "audit-page",
  name: "the Audit Log loads on /admin/audit",
  url: "/admin/audit",
  call: { method: "GET", path: "/admin/audit-log" },
  model: auditPage,
  ready: { role: "table", name: "Audit Log" },
  loading: { text: "Loading the audit log..." },
  failed: { text: "Could not load the audit log." },
  failure: PAGE_FAILURES.audit,
});

export const dashboardPageWalk = listPageWalk({
  machine: "dashboard-page",
  name: "the Admin Dashboard loads on /admin/dashboard",
  url: "/admin/dashboard",
  call: { method: "GET", path: "/admin/metrics" },
  model: dashboardPage,
  ready: { role: "table", name: "Users Overview" },
  loading: { text: "Loading dashboard data..." },
  failed: { text: "Could not load the dashboard." },
  failure: PAGE_FAILURES.dashboard,
});

export const usersListWalk = listPageWalk({
  machine: "users-list",
  name: "User Management's tables load on /admin/users",
  url: "/admin/users",
  call: { method: "GET", path: "/admin/multiplier-stats" },
  model: usersList,
  ready: { role: "table", name: "Users with Funded Wallets" },
  loading: { text: "Loading users..." },
  failed: { text: "Could not load the users." },
  failure: PAGE_FAILURES.users,
});

export const fundsListWalk = listPageWalk({
  machine: "funds-list",
  name: "Funds Management's tables load on /admin/funds",
  url: "/admin/funds",
  call: { method: "GET", path: "/admin/pool-balance" },
  model: fundsList,
  ready: { role: "table", name: "Funded Wallets" },
  loading: { text: "Loading funds data..." },
  failed: { text: "Could not load the funds." },
  failure: PAGE_FAILURES.funds,
});

export const fairPlayListWalk = listPageWalk({
  machine: "fair-play-list",
  name: "the fair play review loads on /admin/fair-play",
  url: "/admin/fair-play",
  call: { method: "GET", path: "/admin/risk" },
  model: fairPlayList,
  ready: { role: "table", name: "Accounts by risk" },
  loading: { text: "Loading the fair play review..." },
  failed: { text: "Could not load the fair play review." },
  failure: PAGE_FAILURES.fairPlay,
});

export const dashboardEconomyWalk = listPageWalk({
  machine: "dashboard-economy",
  name: "the Dashboard's economy loads on /admin/dashboard",
  url: "/admin/dashboard",
  call: { method: "GET", path: "/admin/economy" },
  model: economy,
  // The Coverage figure's caption: shown only once the economy is in.
  ready: { text: "Coverage" },
  loading: { role: "status", name: "Loading the economy" },
  failed: { text: "Could not load the economy." },
  failure: PAGE_FAILURES.economy,
});
