/**
 * The `local` chain (default; docs/design.md §6): a devnet ledger of USDT TRC20 in our own database, with
 * block numbers and transaction ids, so the whole wallet (deposit addresses, the watcher, withdrawals with
 * their pending → confirmed life) runs on one machine with no network. Transfers confirm CONFIRM_MS after
 * they are recorded. A transfer the sender cannot cover is recorded as failed (REVERT), as on TRON.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { isTronAddress } from "#contracts/tron-address.ts";
import type { Clock } from "../../clock.ts";
import {
  devnetBalanceMicro,
  findDevnetTransfer,
  insertDevnetTransfer,
  listDevnetTransfers,
  lockDevnetAddress,
} from "../../db/repos/devnet.repo.ts";
import type { Database } from "../../db/schema.ts";
import {
  type ChainGateway,
  type PreparedTransfer,
  type TransactionOutcome,
  TransferRejected,
} from "../gateway.ts";
import { type HdWallet, HOT_WALLET_INDEX, recoverSignerAddress } from "../keys.ts";

/** Where devnet USDT comes from: TRON's zero address (0x41 and twenty zero bytes). */
export const DEVNET_FAUCET = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
/** The devnet's USDT "contract": 0x41 + the first 20 bytes of sha256("TapRewards devnet USDT"). */
export const DEVNET_USDT_CONTRACT = "TYW9UKjvMjejXK93iKFpb9xh9YaBsP1V5m";
export const DEVNET_CONFIRM_MS = 3_000;
/** A prepared transfer is refused after this long, as a TRON transaction expires after 60 s. */
const EXPIRY_MS = 60_000;

export interface DevnetOptions {
  db: Kysely<Database>;
  wallet: HdWallet;
  clock: Clock;
  /** Origin of this server, for the explorer links. */
  publicUrl: string;
  pollIntervalMs: number;
  confirmMs?: number;
}

interface DevnetPayload {
  /** sha256 of the transfer's fields (txIdOf), so the signature covers what is sent, as on TRON. */
  txId: string;
  nonce: string;
  from: string;
  to: string;
  amountMicro: number;
  expiresAt: string;
  /** The hot wallet's signature of txId (r ‖ s ‖ v hex), checked on broadcast as a node would. */
  signature: string;
}

export const newDevnetTxId = () => randomBytes(32).toString("hex");

const txIdOf = (p: Omit<DevnetPayload, "txId" | "signature">) =>
  createHash("sha256")
    .update(JSON.stringify([p.nonce, p.from, p.to, p.amountMicro, p.expiresAt]))
    .digest("hex");

export function createDevnetGateway(options: DevnetOptions): ChainGateway & {
  /** Mints devnet USDT to an address (the `npm run devnet -- deposit` command). */
  deposit(request: {
    to: string;
    amountMicro: number;
    failed?: boolean;
    txId?: string;
    /** Final at once (the genesis funding of the hot wallet), instead of after CONFIRM_MS. */
    genesis?: boolean;
  }): Promise<string>;
  hotWalletAddress: string;
} {
  const { db, clock } = options;
  const confirmMs = options.confirmMs ?? DEVNET_CONFIRM_MS;
  const hotWalletAddress = options.wallet.addressAt(HOT_WALLET_INDEX);
  const confirmsAt = (at: Date) => new Date(at.getTime() + confirmMs);

  return {
    kind: "local",
    contract: DEVNET_USDT_CONTRACT,
    explorer: `${options.publicUrl}/api/devnet/transactions/`,
    pollIntervalMs: options.pollIntervalMs,
    hotWalletAddress,

    async deposit({ to, amountMicro, failed = false, txId = newDevnetTxId(), genesis = false }) {
      if (!isTronAddress(to)) throw new TransferRejected(`not a TRON address: ${to}`);
      const at = clock();
      await insertDevnetTransfer(db, {
        tx_id: txId,
        from_address: DEVNET_FAUCET,
        to_address: to,
        amount_micro: amountMicro,
        status: failed ? "failed" : "success",
        failure_reason: failed ? "REVERT" : null,
        created_at: at,
        confirms_at: genesis ? at : confirmsAt(at),
      });
      return txId;
    },

    async listTransfers(address, { limit }) {
      const now = clock();
      const rows = await listDevnetTransfers(db, address, limit);
      return rows.map((row) => ({
        txId: row.tx_id,
        from: row.from_address,
        to: row.to_address,
        amountMicro: row.amount_micro,
        at: row.created_at,
        confirmed: row.status === "success" && row.confirms_at <= now,
      }));
    },

    async transactionOutcome(txId): Promise<TransactionOutcome> {
      const row = await findDevnetTransfer(db, txId);
      if (!row) return { status: "unknown" };
      if (row.confirms_at > clock()) return { status: "pending" };
      if (row.status === "failed") return { status: "failed", reason: row.failure_reason ?? "REVERT" };
      return {
        status: "confirmed",
        blockNumber: row.block_number,
        at: row.confirms_at,
        logs: [
          {
            logIndex: row.log_index,
            from: row.from_address,
            to: row.to_address,
            amountMicro: row.amount_micro,
          },
        ],
      };
    },

    tokenBalanceMicro: (address) =>
      devnetBalanceMicro(db, address, { confirmedBy: clock(), includePendingOut: false }),

    async prepareTransfer({ to, amountMicro }): Promise<PreparedTransfer> {
      if (!isTronAddress(to)) throw new TransferRejected(`not a TRON address: ${to}`);
      const expiresAt = new Date(clock().getTime() + EXPIRY_MS);
      const fields = {
        nonce: randomBytes(16).toString("hex"),
        from: hotWalletAddress,
        to,
        amountMicro,
        expiresAt: expiresAt.toISOString(),
      };
      const txId = txIdOf(fields);
      const signature = options.wallet.signAt(HOT_WALLET_INDEX, Buffer.from(txId, "hex"));
      const payload: DevnetPayload = { ...fields, txId, signature: Buffer.from(signature).toString("hex") };
      return { txId, payload: JSON.stringify(payload), expiresAt };
    },

    async broadcast(prepared) {
      const payload = JSON.parse(prepared.payload) as DevnetPayload;
      if (payload.txId !== prepared.txId || txIdOf(payload) !== payload.txId) {
        throw new TransferRejected("the transaction id does not match its contents");
      }
      const signer = recoverSignerAddress(
        Buffer.from(payload.txId, "hex"),
        Buffer.from(payload.signature, "hex"),
      );
      if (signer !== payload.from) throw new TransferRejected("SIGERROR: the signature is not the sender's");
      await db.transaction().execute(async (trx) => {
        await lockDevnetAddress(trx, payload.from);
        // Sent before (a re-send after a crash): the chain already has it, nothing happens twice.
        if (
          await trx
            .selectFrom("devnet_transfers")
            .select("tx_id")
            .where("tx_id", "=", payload.txId)
            .executeTakeFirst()
        )
          return;
        const at = clock();
        if (at > new Date(payload.expiresAt)) throw new TransferRejected("TRANSACTION_EXPIRATION_ERROR");
        const balance = await devnetBalanceMicro(trx, payload.from, {
          confirmedBy: at,
          includePendingOut: true,
        });
        const covered = balance >= payload.amountMicro;
        await insertDevnetTransfer(trx, {
          tx_id: payload.txId,
          from_address: payload.from,
          to_address: payload.to,
          amount_micro: payload.amountMicro,
          status: covered ? "success" : "failed",
          failure_reason: covered ? null : "REVERT: transfer amount exceeds balance",
          created_at: at,
          confirms_at: confirmsAt(at),
        });
      });
    },
  };
}

export type DevnetGateway = ReturnType<typeof createDevnetGateway>;

/**
 * Local mode's hot wallet starts with the demo treasury's USDT on the devnet, so withdrawals have something
 * to send from. A fixed transaction id makes it once per database, however often the server starts.
 */
export async function seedDevnetHotWallet(devnet: DevnetGateway, amountMicro: number): Promise<void> {
  if (amountMicro <= 0) return;
  const txId = createHash("sha256").update("TapRewards devnet hot wallet seed").digest("hex");
  await devnet.deposit({ to: devnet.hotWalletAddress, amountMicro, txId, genesis: true });
}
