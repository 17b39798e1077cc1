/**
 * The Fair play page's rules for its URL search (docs/fair-play.md). Apart from admin.search.ts, whose schemas
 * land in the landing page's first chunk: these are needed only once the page is open.
 */
import type { FairPlaySearch, RiskFilter, TableSearch } from "./admin.search.ts";

/** The accounts an admin sees first: those waiting for a person. */
export const DEFAULT_RISK_FILTER: RiskFilter = "review";

export const riskTable = (search: FairPlaySearch): TableSearch => ({ cursors: search.cursors });
export const heldTable = (search: FairPlaySearch): TableSearch => ({ cursors: search.hcursors });
/** A new filter starts the accounts again at page 1; the held withdrawals keep their page. */
export const withRiskFilter = (search: FairPlaySearch, status: RiskFilter): FairPlaySearch => ({
  ...search,
  status: status === DEFAULT_RISK_FILTER ? undefined : status,
  cursors: undefined,
});
