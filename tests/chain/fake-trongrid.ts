/**
 * A fake TronGrid for tests: a real HTTP server on loopback with an in-memory USDT ledger, covering the calls
 * server/chain/tron uses. Transactions stay pending until the test solidifies them. Broadcasts are checked for
 * real (the id is sha256 of raw_data_hex, the signature must recover to the owner), duplicates answer
 * DUP_TRANSACTION_ERROR, expired ones TRANSACTION_EXPIRATION_ERROR. raw_data_hex here is not TRON's protobuf
 * but deterministic bytes holding the owner, contract and call data, which is all the gateway checks.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { recoverSignerAddress } from "#server/chain/keys.ts";
import { addressWord, TRANSFER_TOPIC, uintWord } from "#server/chain/tron/abi.ts";
import { tronAddressFromHex, tronAddressToHex } from "#src/api/contracts/tron-address.ts";

type Fault = "429" | "500" | "hang" | "html";

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
  transfer?: { from: string; to: string; amountMicro: number };
}

export interface FakeTronGrid {
  url: string;
  /** The USDT contract this chain knows. */
  contract: string;
  setBalance(address: string, amountMicro: number): void;
  balanceOf(address: string): number;
  /** A deposit transaction with one or more Transfer logs (any contract); pending until solidified. */
  addTransaction(options: {
    logs: { to: string; amountMicro: number; from?: string; contract?: string }[];
    failed?: boolean;
  }): string;
  solidify(txId?: string): void;
  /** The next `times` calls whose path starts with `path` fail this way. */
  failNext(path: string, fault: Fault, times?: number): void;
  /** Makes triggersmartcontract lie: a wrong id, another recipient or another contract. */
  tamper(kind: "txid" | "recipient" | "contract" | null): void;
  /** Successful broadcasts of a transaction id (duplicates not counted). */
  broadcasts(txId: string): number;
  /** Transfers broadcast from an address. */
  sentFrom(address: string): { txId: string; to: string; amountMicro: number }[];
  close(): Promise<void>;
}

const hex20 = (address: string) => tronAddressToHex(address).slice(2);

export async function startFakeTronGrid(options: { contract: string }): Promise<FakeTronGrid> {
  const { contract } = options;
  const balances = new Map<string, number>();
  const txs = new Map<string, FakeTx>();
  const faults: { path: string; fault: Fault }[] = [];
  const accepted = new Map<string, number>();
  let tampering: "txid" | "recipient" | "contract" | null = null;
  let block = 5_000_000;
  const hangs = new Set<ServerResponse>();

  const transferLog = (from: string, to: string, amountMicro: number, token = contract): Log => ({
    address: hex20(token),
    topics: [TRANSFER_TOPIC, addressWord(from), addressWord(to)],
    data: uintWord(amountMicro),
  });

  const solidifyOne = (tx: FakeTx) => {
    if (tx.state === "solid") return;
    tx.state = "solid";
    tx.blockNumber = ++block;
    if (tx.transfer) {
      const { from, to, amountMicro } = tx.transfer;
      if ((balances.get(from) ?? 0) < amountMicro) {
        tx.receipt = "REVERT";
        tx.logs = [];
      } else {
        balances.set(from, (balances.get(from) ?? 0) - amountMicro);
        balances.set(to, (balances.get(to) ?? 0) + amountMicro);
      }
    } else if (tx.receipt === "SUCCESS") {
      for (const log of tx.logs) {
        if (log.address !== hex20(contract)) continue;
        const to = tronAddressFromHex(`41${(log.topics[2] ?? "").slice(-40)}`);
        balances.set(to, (balances.get(to) ?? 0) + Number(BigInt(`0x${log.data}`)));
      }
    }
  };

  const routes: Record<string, (body: Record<string, unknown>, url: URL) => unknown> = {
    "/walletsolidity/gettransactioninfobyid": (body) => {
      const tx = txs.get(String(body.value));
      if (!tx || tx.state !== "solid") return {};
      return {
        id: tx.txId,
        blockNumber: tx.blockNumber,
        blockTimeStamp: tx.at,
        receipt: { result: tx.receipt },
        ...(tx.receipt === "SUCCESS" ? {} : { result: "FAILED" }),
        log: tx.logs,
      };
    },
    "/wallet/gettransactionbyid": (body) => (txs.has(String(body.value)) ? { txID: String(body.value) } : {}),
    "/wallet/triggerconstantcontract": (body) => ({
      result: { result: true },
      constant_result: [uintWord(balances.get(String(body.owner_address)) ?? 0)],
    }),
    "/wallet/triggersmartcontract": (body) => {
      const owner = String(body.owner_address);
      const token =
        tampering === "contract" ? "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf" : String(body.contract_address);
      let parameter = String(body.parameter);
      if (tampering === "recipient")
        parameter = addressWord("TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K") + parameter.slice(64);
      const data = `a9059cbb${parameter}`;
      const expiration = Date.now() + 60_000;
      const rawHex = `41${hex20(owner)}41${hex20(token)}${data}${expiration.toString(16)}${randomBytes(8).toString("hex")}`;
      const txID =
        tampering === "txid"
          ? randomBytes(32).toString("hex")
          : createHash("sha256").update(Buffer.from(rawHex, "hex")).digest("hex");
      return {
        result: { result: true },
        transaction: {
          visible: true,
          txID,
          raw_data: {
            contract: [
              {
                parameter: {
                  value: { data, owner_address: owner, contract_address: token },
                  type_url: "type.googleapis.com/protocol.TriggerSmartContract",
                },
                type: "TriggerSmartContract",
              },
            ],
            ref_block_bytes: "0000",
            ref_block_hash: "0000000000000000",
            expiration,
            fee_limit: body.fee_limit,
            timestamp: Date.now(),
          },
          raw_data_hex: rawHex,
        },
      };
    },
    "/wallet/broadcasttransaction": (body) => {
      const tx = body as unknown as {
        txID: string;
        raw_data: {
          expiration: number;
          contract: {
            parameter: { value: { owner_address: string; data: string; contract_address: string } };
          }[];
        };
        raw_data_hex: string;
        signature?: string[];
      };
      const message = (text: string) => Buffer.from(text).toString("hex");
      if (createHash("sha256").update(Buffer.from(tx.raw_data_hex, "hex")).digest("hex") !== tx.txID)
        return { code: "SIGERROR", message: message("txid does not match raw data") };
      const value = tx.raw_data.contract[0]?.parameter.value;
      const signer = recoverSignerAddress(
        Buffer.from(tx.txID, "hex"),
        Buffer.from(tx.signature?.[0] ?? "", "hex"),
      );
      if (!value || signer !== value.owner_address)
        return { code: "SIGERROR", message: message("Validate signature error") };
      if (txs.has(tx.txID)) return { code: "DUP_TRANSACTION_ERROR", message: message("Dup transaction.") };
      if (tx.raw_data.expiration <= Date.now())
        return { code: "TRANSACTION_EXPIRATION_ERROR", message: message("Transaction expired") };
      const to = tronAddressFromHex(`41${value.data.slice(8 + 24, 8 + 64)}`);
      const amountMicro = Number(BigInt(`0x${value.data.slice(8 + 64)}`));
      txs.set(tx.txID, {
        txId: tx.txID,
        state: "pending",
        receipt: "SUCCESS",
        blockNumber: 0,
        at: Date.now(),
        logs: [transferLog(value.owner_address, to, amountMicro, value.contract_address)],
        transfer: { from: value.owner_address, to, amountMicro },
      });
      accepted.set(tx.txID, (accepted.get(tx.txID) ?? 0) + 1);
      return { result: true, txid: tx.txID };
    },
  };

  const listTrc20 = (address: string, url: URL) => {
    const token = url.searchParams.get("contract_address");
    const items = [...txs.values()]
      .flatMap((tx) =>
        tx.logs.map((log) => ({
          transaction_id: tx.txId,
          token_info: { address: tronAddressFromHex(`41${log.address}`), symbol: "USDT", decimals: 6 },
          block_timestamp: tx.at,
          from: tronAddressFromHex(`41${(log.topics[1] ?? "").slice(-40)}`),
          to: tronAddressFromHex(`41${(log.topics[2] ?? "").slice(-40)}`),
          type: "Transfer",
          value: BigInt(`0x${log.data}`).toString(),
        })),
      )
      .filter(
        (item) =>
          (item.from === address || item.to === address) && (!token || item.token_info.address === token),
      )
      .sort((a, b) => b.block_timestamp - a.block_timestamp);
    return { data: items.slice(0, Number(url.searchParams.get("limit") ?? 20)), success: true, meta: {} };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const faultIndex = faults.findIndex((f) => url.pathname.startsWith(f.path));
    if (faultIndex >= 0) {
      const fault = faults.splice(faultIndex, 1)[0]?.fault;
      if (fault === "hang") {
        hangs.add(res);
        return;
      }
      if (fault === "429")
        return void res.writeHead(429, { "retry-after": "1" }).end('{"Error":"rate limited"}');
      if (fault === "500") return void res.writeHead(500).end("{}");
      return void res.writeHead(200, { "content-type": "text/html" }).end("<html>busy</html>");
    }
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const account = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    const route = routes[url.pathname];
    const answer = account ? listTrc20(account[1] ?? "", url) : route?.(body, url);
    if (answer === undefined) return void res.writeHead(404).end('{"Error":"not found"}');
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    contract,
    setBalance: (addr, amount) => void balances.set(addr, amount),
    balanceOf: (addr) => balances.get(addr) ?? 0,
    addTransaction({ logs, failed = false }) {
      const txId = randomBytes(32).toString("hex");
      txs.set(txId, {
        txId,
        state: "pending",
        receipt: failed ? "REVERT" : "SUCCESS",
        blockNumber: 0,
        at: Date.now() + txs.size,
        logs: logs.map((log) =>
          transferLog(
            log.from ?? "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC",
            log.to,
            log.amountMicro,
            log.contract ?? contract,
          ),
        ),
      });
      return txId;
    },
    solidify(txId) {
      for (const tx of txs.values()) if (!txId || tx.txId === txId) solidifyOne(tx);
    },
    failNext(path, fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push({ path, fault });
    },
    tamper(kind) {
      tampering = kind;
    },
    broadcasts: (txId) => accepted.get(txId) ?? 0,
    sentFrom: (addr) =>
      [...txs.values()]
        .filter((tx) => tx.transfer?.from === addr)
        .map((tx) => ({
          txId: tx.txId,
          to: tx.transfer?.to ?? "",
          amountMicro: tx.transfer?.amountMicro ?? 0,
        })),
    async close() {
      for (const res of hangs) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
