/**
 * A fake TronGrid for tests: a real HTTP server on 127.0.0.1 with an in-memory USDT ledger, answering the calls
 * server/chain/tron makes. Transactions stay pending until the test solidifies them. Transactions are real
 * TRON protobuf (raw-transaction.ts) and broadcasts are checked as java-tron does: the id is rebuilt from the
 * raw_data JSON, the signature must recover to the owner, a known id answers DUP_TRANSACTION_ERROR and an old
 * one TRANSACTION_EXPIRATION_ERROR. Balances move only when a broadcast transfer solidifies, and a transfer
 * above the sender's balance then fails with REVERT, as the token contract would.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tronAddressFromHex, tronAddressToHex } from "#contracts/tron-address.ts";
import { recoverSignerAddress } from "#server/chain/keys.ts";
import {
  addressFromWord,
  addressHex20,
  addressWord,
  decodeTransferData,
  TRANSFER_TOPIC,
  uintWord,
} from "#server/chain/tron/abi.ts";
import { encodeTriggerRaw, TRIGGER_TYPE_URL } from "#server/chain/tron/raw-transaction.ts";

/** "server-busy" is a 200 answer with broadcast's SERVER_BUSY code: the node did not take the transaction. */
export type Fault = "429" | "500" | "hang" | "not-json" | "server-busy";
/**
 * How triggersmartcontract lies: "recipient" in both the JSON and the bytes, "hidden-recipient" only in the
 * bytes that would be signed, "json-recipient" only in the JSON that a broadcast would send.
 */
export type Tampering =
  | "txid"
  | "recipient"
  | "contract"
  | "owner"
  | "hidden-recipient"
  | "json-recipient"
  | "expired"
  | "fee"
  | "refuse";

/** Someone else's address, for lies. */
export const STRANGER = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
/** Another token contract (Nile's USDT): its logs must never count as ours. */
export const OTHER_TOKEN = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf";

interface Log {
  address: string;
  topics: string[];
  data: string;
}
interface FakeTx {
  txId: string;
  state: "pending" | "solid";
  receipt: "SUCCESS" | "REVERT";
  blockNumber: number;
  at: number;
  logs: Log[];
  /** A broadcast transfer, applied to balances when it solidifies. */
  transfer?: { from: string; to: string; amountMicro: bigint };
}

export interface FakeTronGrid {
  url: string;
  contract: string;
  setBalance(address: string, amountMicro: number): void;
  balanceOf(address: string): number;
  /** A deposit with one or more Transfer logs (any contract, any value, bigint for absurd ones); pending. */
  addTransaction(options: {
    logs: { to: string; amountMicro: number | bigint; from?: string; contract?: string }[];
    failed?: boolean;
  }): string;
  /** A raw entry in every address's TRC20 listing, for answers a real node should never give. */
  addListingEntry(entry: Record<string, unknown>): void;
  /** Finalises one transaction, or every pending one. */
  solidify(txId?: string): void;
  /** The next `times` requests whose path starts with `path` fail this way. */
  failNext(path: string, fault: Fault, times?: number): void;
  /** Makes triggersmartcontract lie (or refuse) until set back to null. */
  tamper(kind: Tampering | null): void;
  /** Moves the fake's clock (expiry of transactions) forward. */
  advanceClock(ms: number): void;
  /** Broadcast requests carrying this id, accepted or not. */
  broadcastCalls(txId: string): number;
  /** Times this id was accepted as new (a duplicate is not). */
  broadcasts(txId: string): number;
  /** Distinct transfers broadcast from an address, in order. */
  sentFrom(address: string): { txId: string; to: string; amountMicro: number }[];
  /** Every request to a path (prefix), oldest first. */
  requests(path: string): { url: URL; headers: IncomingMessage["headers"] }[];
  close(): Promise<void>;
}

const hex = (text: string) => Buffer.from(text).toString("hex");
const sha256Hex = (rawHex: string) => createHash("sha256").update(Buffer.from(rawHex, "hex")).digest("hex");
const DEFAULT_SENDER = "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC";

export async function startFakeTronGrid(options: { contract: string }): Promise<FakeTronGrid> {
  const { contract } = options;
  const balances = new Map<string, number>();
  const txs = new Map<string, FakeTx>();
  const listingExtras: Record<string, unknown>[] = [];
  const faults: { path: string; fault: Fault }[] = [];
  const accepted = new Map<string, number>();
  const calls = new Map<string, number>();
  const seen: { url: URL; headers: IncomingMessage["headers"] }[] = [];
  const hangs = new Set<ServerResponse>();
  let tampering: Tampering | null = null;
  let clockOffset = 0;
  let block = 5_000_000;
  let lastAt = Date.now();
  const clock = () => Date.now() + clockOffset;
  // Strictly increasing block times, so "newest first" has one right answer.
  const nextAt = () => {
    lastAt = Math.max(lastAt + 3_000, clock());
    return lastAt;
  };

  const transferLog = (from: string, to: string, amount: number | bigint, token: string): Log => ({
    address: addressHex20(token),
    topics: [TRANSFER_TOPIC, addressWord(from), addressWord(to)],
    data: uintWord(amount),
  });

  function solidifyOne(tx: FakeTx) {
    if (tx.state === "solid") return;
    tx.state = "solid";
    tx.blockNumber = ++block;
    if (tx.receipt !== "SUCCESS") return;
    const moves = tx.transfer
      ? [tx.transfer]
      : tx.logs
          .filter((log) => log.address === addressHex20(contract))
          .map((log) => ({
            from: addressFromWord(log.topics[1]) ?? "",
            to: addressFromWord(log.topics[2]) ?? "",
            amountMicro: BigInt(`0x${log.data}`),
          }));
    for (const { from, to, amountMicro } of moves) {
      const amount = Number(amountMicro);
      if (tx.transfer && (balances.get(from) ?? 0) < amount) {
        tx.receipt = "REVERT";
        tx.logs = [];
        return;
      }
      if (tx.transfer) balances.set(from, (balances.get(from) ?? 0) - amount);
      balances.set(to, (balances.get(to) ?? 0) + amount);
    }
  }

  function buildTransfer(body: Record<string, unknown>) {
    if (tampering === "refuse") {
      return {
        result: { code: "CONTRACT_VALIDATE_ERROR", message: hex("Contract validate error : paused") },
      };
    }
    const owner = tampering === "owner" ? STRANGER : String(body.owner_address);
    const token = tampering === "contract" ? OTHER_TOKEN : String(body.contract_address);
    const honest = `a9059cbb${String(body.parameter)}`;
    const lie = `a9059cbb${addressWord(STRANGER)}${String(body.parameter).slice(64)}`;
    const jsonLies = tampering === "recipient" || tampering === "json-recipient";
    const bytesLie = tampering === "recipient" || tampering === "hidden-recipient";
    const raw = {
      refBlockBytes: (block & 0xffff).toString(16).padStart(4, "0"),
      refBlockHash: createHash("sha256").update(String(block)).digest("hex").slice(16, 32),
      expiration: tampering === "expired" ? clock() - 1_000 : clock() + 60_000,
      timestamp: clock(),
      feeLimit: Number(body.fee_limit) * (tampering === "fee" ? 10 : 1),
      owner: tronAddressToHex(owner),
      contract: tronAddressToHex(token),
      data: bytesLie ? lie : honest,
    };
    const rawHex = encodeTriggerRaw(raw);
    return {
      result: { result: true },
      transaction: {
        visible: true,
        txID: tampering === "txid" ? randomBytes(32).toString("hex") : sha256Hex(rawHex),
        raw_data: {
          contract: [
            {
              parameter: {
                value: { data: jsonLies ? lie : honest, owner_address: owner, contract_address: token },
                type_url: TRIGGER_TYPE_URL,
              },
              type: "TriggerSmartContract",
            },
          ],
          ref_block_bytes: raw.refBlockBytes,
          ref_block_hash: raw.refBlockHash,
          expiration: raw.expiration,
          fee_limit: raw.feeLimit,
          timestamp: raw.timestamp,
        },
        raw_data_hex: rawHex,
      },
    };
  }

  function broadcast(body: Record<string, unknown>) {
    const tx = body as {
      txID?: string;
      signature?: string[];
      raw_data: Record<string, number | string> & {
        contract: { parameter: { value: Record<string, string> } }[];
      };
    };
    calls.set(String(tx.txID), (calls.get(String(tx.txID)) ?? 0) + 1);
    const value = tx.raw_data?.contract?.[0]?.parameter?.value;
    if (!value) return { code: "OTHER_ERROR", message: hex("no contract") };
    // java-tron rebuilds the bytes from the JSON and takes the id from them; it never trusts txID.
    const txId = sha256Hex(
      encodeTriggerRaw({
        refBlockBytes: String(tx.raw_data.ref_block_bytes),
        refBlockHash: String(tx.raw_data.ref_block_hash),
        expiration: Number(tx.raw_data.expiration),
        timestamp: Number(tx.raw_data.timestamp),
        feeLimit: Number(tx.raw_data.fee_limit),
        owner: tronAddressToHex(String(value.owner_address)),
        contract: tronAddressToHex(String(value.contract_address)),
        data: String(value.data),
      }),
    );
    const signer = recoverSignerAddress(
      Buffer.from(txId, "hex"),
      Buffer.from(tx.signature?.[0] ?? "", "hex"),
    );
    if (signer !== value.owner_address) return { code: "SIGERROR", message: hex("Validate signature error") };
    if (txs.has(txId)) return { code: "DUP_TRANSACTION_ERROR", txid: txId, message: hex("Dup transaction.") };
    if (Number(tx.raw_data.expiration) <= clock()) {
      return { code: "TRANSACTION_EXPIRATION_ERROR", message: hex("Transaction expired") };
    }
    const call = decodeTransferData(String(value.data));
    if (!call) return { code: "CONTRACT_VALIDATE_ERROR", message: hex("not a transfer") };
    const from = String(value.owner_address);
    txs.set(txId, {
      txId,
      state: "pending",
      receipt: "SUCCESS",
      blockNumber: 0,
      at: nextAt(),
      logs: [transferLog(from, call.to, call.amount, String(value.contract_address))],
      transfer: { from, to: call.to, amountMicro: call.amount },
    });
    accepted.set(txId, (accepted.get(txId) ?? 0) + 1);
    return { result: true, txid: txId };
  }

  const routes: Record<string, (body: Record<string, unknown>) => unknown> = {
    "/walletsolidity/gettransactioninfobyid": (body) => {
      const tx = txs.get(String(body.value));
      if (tx?.state !== "solid") return {};
      const failed = tx.receipt !== "SUCCESS";
      return {
        id: tx.txId,
        blockNumber: tx.blockNumber,
        blockTimeStamp: tx.at,
        contract_address: addressHex20(contract),
        receipt: { result: tx.receipt, energy_usage_total: 14_650 },
        ...(failed ? { result: "FAILED", resMessage: hex("REVERT opcode executed") } : {}),
        log: tx.logs,
      };
    },
    "/wallet/gettransactionbyid": (body) => {
      const tx = txs.get(String(body.value));
      return tx ? { txID: tx.txId, ret: [{ contractRet: tx.receipt }] } : {};
    },
    "/wallet/triggerconstantcontract": (body) => {
      const holder = addressFromWord(String(body.parameter));
      return { result: { result: true }, constant_result: [uintWord(balances.get(holder ?? "") ?? 0)] };
    },
    "/wallet/triggersmartcontract": buildTransfer,
    "/wallet/broadcasttransaction": broadcast,
  };

  function listTrc20(address: string, url: URL) {
    const token = url.searchParams.get("contract_address");
    const onlyConfirmed = url.searchParams.get("only_confirmed") === "true";
    const items = [...txs.values()]
      .filter((tx) => !onlyConfirmed || tx.state === "solid")
      .flatMap((tx) =>
        tx.logs.map((log) => ({
          transaction_id: tx.txId,
          token_info: { address: tronAddressFromHex(log.address), symbol: "USDT", decimals: 6 },
          block_timestamp: tx.at,
          from: addressFromWord(log.topics[1]),
          to: addressFromWord(log.topics[2]),
          type: "Transfer",
          value: BigInt(`0x${log.data}`).toString(),
        })),
      )
      .filter(
        (item) =>
          (item.from === address || item.to === address) && (!token || item.token_info.address === token),
      )
      .sort((a, b) => b.block_timestamp - a.block_timestamp);
    const data = [...listingExtras, ...items].slice(0, Number(url.searchParams.get("limit") ?? 20));
    return { data, success: true, meta: { at: clock(), page_size: data.length } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    seen.push({ url, headers: req.headers });
    const faultIndex = faults.findIndex((f) => url.pathname.startsWith(f.path));
    const fault = faultIndex >= 0 ? faults.splice(faultIndex, 1)[0]?.fault : undefined;
    if (fault === "hang") return void hangs.add(res);
    if (fault === "429") return void res.writeHead(429, { "retry-after": "2" }).end('{"Error":"too many"}');
    if (fault === "500") return void res.writeHead(500).end('{"Error":"internal"}');
    if (fault === "not-json") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>");
    if (fault === "server-busy") {
      return void res
        .writeHead(200)
        .end(JSON.stringify({ code: "SERVER_BUSY", message: hex("Server busy") }));
    }
    let text = "";
    for await (const chunk of req) text += chunk;
    let body: Record<string, unknown>;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return void res.writeHead(400).end('{"Error":"bad json"}');
    }
    const account = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    const answer = account
      ? listTrc20(decodeURIComponent(account[1] ?? ""), url)
      : routes[url.pathname]?.(body);
    if (answer === undefined) return void res.writeHead(404).end('{"Error":"not found"}');
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    contract,
    setBalance: (holder, amount) => void balances.set(holder, amount),
    balanceOf: (holder) => balances.get(holder) ?? 0,
    addTransaction({ logs, failed = false }) {
      const txId = randomBytes(32).toString("hex");
      const toLog = (log: (typeof logs)[number]) =>
        transferLog(log.from ?? DEFAULT_SENDER, log.to, log.amountMicro, log.contract ?? contract);
      const receipt = failed ? "REVERT" : "SUCCESS";
      txs.set(txId, { txId, state: "pending", receipt, blockNumber: 0, at: nextAt(), logs: logs.map(toLog) });
      return txId;
    },
    addListingEntry: (entry) => void listingExtras.push(entry),
    solidify(txId) {
      for (const tx of txs.values()) if (!txId || tx.txId === txId) solidifyOne(tx);
    },
    failNext(path, fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push({ path, fault });
    },
    tamper(kind) {
      tampering = kind;
    },
    advanceClock(ms) {
      clockOffset += ms;
    },
    broadcastCalls: (txId) => calls.get(txId) ?? 0,
    broadcasts: (txId) => accepted.get(txId) ?? 0,
    sentFrom: (holder) =>
      [...txs.values()].flatMap(({ txId, transfer }) =>
        transfer?.from === holder
          ? [{ txId, to: transfer.to, amountMicro: Number(transfer.amountMicro) }]
          : [],
      ),
    requests: (path) => seen.filter((request) => request.url.pathname.startsWith(path)),
    async close() {
      for (const res of hangs) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
