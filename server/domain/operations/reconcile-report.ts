/** The text `npm run reconcile` prints: figures first, then every difference, then the verdict. */
import { type ReconcileReport, usdt } from "./reconcile.ts";

export function formatReconcileReport(report: ReconcileReport): string {
  const lines = [`Reconciliation at ${report.finishedAt} (chain: ${report.chainKind})`, ""];
  lines.push(`Ledger: ${report.ledger.accounts} accounts, every balance recomputed from its transfers`);
  lines.push(...section(report.ledger.problems, "sum zero, none negative, no drift"));
  lines.push("Points and economy: every player's points from their batches and movements");
  lines.push(...section(report.points.problems, "all agree"));
  lines.push("Chain:");
  const chain = report.chain;
  if (chain) {
    lines.push(
      `  hot wallet ${chain.hotWalletAddress}: holds ${usdt(chain.hotWalletMicro)} USDT`,
      `  the ledger says it should hold ${usdt(chain.hotWalletExpectedMicro)} USDT = treasury ${usdt(chain.treasuryMicro)}` +
        ` + user wallets ${usdt(chain.walletsMicro)} + withdrawals in flight ${usdt(chain.withdrawalsInFlightMicro)}` +
        ` - deposits held at deposit addresses ${usdt(chain.depositsCreditedMicro)}` +
        ` - sent, not yet posted ${usdt(chain.sentNotPostedMicro)}`,
    );
    if (chain.hotWalletInDoubtMicro > 0) {
      lines.push(
        `  withdrawals pending on chain (may or may not show yet): ${usdt(chain.hotWalletInDoubtMicro)} USDT`,
      );
    }
    lines.push(
      `  ${chain.depositAddresses} deposit addresses hold ${usdt(chain.depositAddressesMicro)} USDT; ` +
        `credited ${usdt(chain.depositsCreditedMicro)}, still being settled ${usdt(chain.depositsInDoubtMicro)}`,
    );
  }
  lines.push(...section(report.chainProblems, "the ledger agrees with the chain"));
  lines.push(
    report.differences === 0
      ? "OK: no difference."
      : `FAILED: ${report.differences} difference${report.differences === 1 ? "" : "s"} (docs/ops/runbook.md, "Reconciliation").`,
  );
  return lines.join("\n");
}

function section(problems: readonly string[], allWell: string): string[] {
  if (problems.length === 0) return [`  ok: ${allWell}`, ""];
  return [...problems.map((problem) => `  DIFFERENCE: ${problem}`), ""];
}
