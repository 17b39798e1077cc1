/**
 * The chain worker's lease (server/plugins/jobs.ts runs the deposit watcher and the withdrawals under it) and
 * the name its rounds are recorded under, which /api/metrics reads as the worker's lag. Only the name lives
 * here: the chain serves the rules, it does not run them.
 */
export const CHAIN_WORKER_LEASE = "chain-worker";
