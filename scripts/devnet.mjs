// `npm run devnet -- deposit <address> <amount> [--failed]`: sends test USDT on the local devnet to a TRC20
// address, through the running server (docs/api.md, Local devnet): two processes cannot share one PGlite
// folder, so the server owns the devnet. TAPREWARDS_URL picks the server (default http://localhost:3000).
const base = (process.env.TAPREWARDS_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const [command, address, amountText, ...flags] = process.argv.slice(2);

const usage = () => {
  console.error(
    "Usage: npm run devnet -- deposit <TRC20 address> <amount in USDT> [--failed]\n" +
      "  Sends test USDT from the devnet faucet; the wallet credits it within a few seconds.\n" +
      "  --failed records a transaction the chain refused (it is never credited).",
  );
  process.exit(2);
};

if (command !== "deposit" || !address || !amountText) usage();
const unknownFlag = flags.find((flag) => flag !== "--failed");
if (unknownFlag) {
  console.error(`Unknown option ${unknownFlag}.`);
  usage();
}
if (!/^\d+(\.\d{1,6})?$/.test(amountText)) {
  console.error(`The amount must be a positive number with at most 6 decimals, got "${amountText}".`);
  process.exit(2);
}

let response;
try {
  response = await fetch(`${base}/api/devnet/deposit`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      address,
      amount: Number(amountText),
      ...(flags.includes("--failed") ? { failed: true } : {}),
    }),
  });
} catch (err) {
  console.error(
    `Could not reach TapRewards at ${base} (${err.cause?.code ?? err.message}). Start it with npm start.`,
  );
  process.exit(1);
}
const body = await response.json().catch(() => null);
if (!response.ok) {
  const message = body?.error?.message ?? `HTTP ${response.status}`;
  const hint = response.status === 404 ? " Is the server running with CHAIN=local?" : "";
  console.error(`Deposit refused: ${message}${hint}`);
  process.exit(1);
}
console.log(`Sent ${amountText} USDT to ${address}.`);
console.log(`Transaction: ${body.txId}`);
console.log(`Explorer:    ${base}/api/devnet/transactions/${body.txId}`);
console.log("The wallet credits it once it confirms, within about 10 seconds.");
