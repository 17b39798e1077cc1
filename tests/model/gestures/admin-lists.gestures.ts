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
import { click, fill, type Locator, select } from "./actions.ts";
import { listPageWalk } from "./list-page.gestures.ts";

const SEARCH_BOX = "Search by email";
const region = (name: string): Locator => ({ role: "region", name });
const NEXT = { role: "button", name: "Next" } as const;

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
  // Its page links: the arrangement makes a second page of entries.
  query: { change: [click(NEXT)], changed: { see: { text: "Page 2" } }, link: "Audit Log" },
  arrange: { file: "admin", name: "auditPaged" },
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
  // The Users Overview's search box: each change is the URL's search at once.
  query: {
    change: [fill(SEARCH_BOX, "ada")],
    changed: { url: "/admin/dashboard?q=ada" },
    link: "Dashboard",
  },
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
  // The search box of the second table (the first has its own).
  query: {
    change: [fill(SEARCH_BOX, "ada", region("Users without Funded Wallets"))],
    changed: { url: "/admin/users?uq=ada" },
    link: "User Management",
  },
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
  // The treasury history's page links: the arrangement makes its second page.
  query: {
    change: [click(NEXT, region("Transaction History"))],
    // The other table stays on its first page.
    changed: { see: { text: "Page 2" } },
    link: "Funds Management",
  },
  arrange: { file: "admin-dialogs", name: "treasuryPaged" },
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
  // The accounts' filter (the review queue is the page's first: no search in the URL).
  query: {
    change: [select({ role: "combobox", name: "Show" }, "frozen")],
    changed: { url: "/admin/fair-play?status=frozen" },
    link: "Fair play",
  },
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
