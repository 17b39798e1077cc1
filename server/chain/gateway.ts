/**
 * The one door to the chain (docs/design.md §6). Two implementations: `local` (the devnet ledger in our
 * database) and `tron` (TronGrid). Every method may do network I/O, so none is ever called inside a database
 * transaction. Amounts are integer micro-USDT (USDT has 6 decimals on TRON, so one unit on chain).
 */

/** A USDT transfer that touches an address, as the chain's listing shows it (a hint, not yet proof). */
export interface AddressTransfer {
  txId: string;
  from: string;
  to: string;
  amountMicro: number;
  at: Date;
  /** The listing's own view; crediting always asks transferLogs() instead. */
  confirmed: boolean;
}

/** One Transfer event of our token inside a transaction; `logIndex` is its position among the logs. */
export interface TransferLog {
  logIndex: number;
  from: string;
  to: string;
  amountMicro: number;
}

/**
 * What the chain says about one transaction: `confirmed` only once it is final (solidified on TRON), with the
 * Transfer logs of *our* token contract only (any other token's logs are left out); `failed` when it
 * executed and reverted or was refused; `pending` while it is known but not final; `unknown` when the chain
 * has never heard of it.
 */
export type TransactionOutcome =
  | { status: "confirmed"; blockNumber: number; at: Date; logs: TransferLog[] }
  | { status: "failed"; reason: string }
  | { status: "pending" }
  | { status: "unknown" };

/** A signed transfer from the hot wallet, not yet sent. Storing it lets a restart re-send the very same one. */
export interface PreparedTransfer {
  txId: string;
  /** Opaque to callers: what broadcast() needs to send it (a signed transaction as JSON for TRON). */
  payload: string;
  /** After this the chain refuses it, so if it is still unknown then, it will never land. */
  expiresAt: Date;
}

/** The chain refused a transfer for good (bad signature, balance, expired): it did not and will not happen. */
export class TransferRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TransferRejected";
  }
}

/** The chain could not be reached or answered oddly (network, 429, 5xx, time-out): try again later. */
export class ChainUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChainUnavailable";
  }
}

export interface ChainGateway {
  readonly kind: "local" | "tron";
  /** Base58 address of the USDT TRC20 contract. */
  readonly contract: string;
  /** Explorer URL prefix: append a transaction id. */
  readonly explorer: string;
  /** How often the deposit watcher and withdrawal worker run. */
  readonly pollIntervalMs: number;
  /** The latest USDT transfers touching an address, newest first, pending ones included. */
  listTransfers(address: string, options: { limit: number }): Promise<AddressTransfer[]>;
  transactionOutcome(txId: string): Promise<TransactionOutcome>;
  /** USDT held at an address. */
  tokenBalanceMicro(address: string): Promise<number>;
  /** Builds and signs a USDT transfer from the hot wallet (HD index 0); sends nothing. */
  prepareTransfer(request: { to: string; amountMicro: number }): Promise<PreparedTransfer>;
  /**
   * Sends a prepared transfer. Sending the same one twice is harmless (the chain knows its id), so a restart
   * may always re-send. Throws TransferRejected when refused for good, ChainUnavailable when in doubt.
   */
  broadcast(prepared: PreparedTransfer): Promise<void>;
}
