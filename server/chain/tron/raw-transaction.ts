/**
 * TRON's `Transaction.raw` protobuf (core/Tron.proto) for the one shape we sign: a single TriggerSmartContract.
 * A transaction id is sha256 of these bytes and the signature covers the id, so these bytes, not the
 * `raw_data` JSON next to them, are what the hot wallet agrees to. The decoder is strict: a field we do not
 * expect, a repeated singular field or a second contract is an error, because a node that adds anything we
 * cannot read gets nothing signed. The encoder exists for the fake TronGrid and for the byte-exact test
 * against a real transaction.
 */

/** What a TRC20 transfer transaction holds. Addresses are 21 bytes ("41…" hex), byte strings hex. */
export interface TriggerRaw {
  refBlockBytes: string;
  refBlockHash: string;
  expiration: number;
  timestamp: number;
  feeLimit: number;
  owner: string;
  contract: string;
  data: string;
}

const TRIGGER_SMART_CONTRACT = 31;
export const TRIGGER_TYPE_URL = "type.googleapis.com/protocol.TriggerSmartContract";

// Field numbers: Transaction.raw, Transaction.Contract, google.protobuf.Any, TriggerSmartContract.
const RAW = {
  refBlockBytes: 1,
  refBlockNum: 3,
  refBlockHash: 4,
  expiration: 8,
  contract: 11,
  timestamp: 14,
  feeLimit: 18,
};
const CONTRACT = { type: 1, parameter: 2, permissionId: 5 };
const ANY = { typeUrl: 1, value: 2 };
const TRIGGER = { owner: 1, contract: 2, callValue: 3, data: 4, callTokenValue: 5, tokenId: 6 };

type Field = { wire: 0; value: bigint } | { wire: 2; bytes: Uint8Array };

/** Every field of one message by number; throws on anything malformed or on a wire type we never use. */
function readFields(bytes: Uint8Array): Map<number, Field[]> {
  const fields = new Map<number, Field[]>();
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error("truncated varint");
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
    throw new Error("varint too long");
  };
  while (at < bytes.length) {
    const key = varint();
    const number = Number(key >> 3n);
    const wire = Number(key & 7n);
    let field: Field;
    if (wire === 0) field = { wire, value: varint() };
    else if (wire === 2) {
      const length = Number(varint());
      if (at + length > bytes.length) throw new Error("truncated field");
      field = { wire, bytes: bytes.subarray(at, at + length) };
      at += length;
    } else throw new Error(`unexpected wire type ${wire}`);
    fields.set(number, [...(fields.get(number) ?? []), field]);
  }
  return fields;
}

/** Reads a message allowing only the listed fields, each at most once. */
function readOnly(bytes: Uint8Array, allowed: number[], name: string) {
  const fields = readFields(bytes);
  for (const [number, list] of fields) {
    if (!allowed.includes(number)) throw new Error(`${name} has an unexpected field ${number}`);
    if (list.length > 1) throw new Error(`${name} repeats field ${number}`);
  }
  const one = (number: number) => fields.get(number)?.[0];
  return {
    int(number: number): number {
      const field = one(number);
      if (field === undefined) return 0;
      if (field.wire !== 0 || field.value > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new Error(`${name} field ${number} is not a small integer`);
      }
      return Number(field.value);
    },
    bytes(number: number): Uint8Array {
      const field = one(number);
      if (field === undefined) return new Uint8Array(0);
      if (field.wire !== 2) throw new Error(`${name} field ${number} is not bytes`);
      return field.bytes;
    },
  };
}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** The transfer inside raw bytes; throws when they are not exactly one TriggerSmartContract we can read. */
export function decodeTriggerRaw(rawHex: string): TriggerRaw {
  if (!/^([0-9a-fA-F]{2})+$/.test(rawHex)) throw new Error("raw data is not hex");
  const raw = readOnly(Buffer.from(rawHex, "hex"), Object.values(RAW), "Transaction.raw");
  const contract = readOnly(raw.bytes(RAW.contract), Object.values(CONTRACT), "Contract");
  if (contract.int(CONTRACT.type) !== TRIGGER_SMART_CONTRACT) throw new Error("not a TriggerSmartContract");
  if (contract.int(CONTRACT.permissionId) !== 0) throw new Error("signs for another permission");
  const any = readOnly(contract.bytes(CONTRACT.parameter), Object.values(ANY), "Any");
  if (Buffer.from(any.bytes(ANY.typeUrl)).toString("utf8") !== TRIGGER_TYPE_URL) {
    throw new Error("parameter is not a TriggerSmartContract");
  }
  const trigger = readOnly(any.bytes(ANY.value), Object.values(TRIGGER), "TriggerSmartContract");
  // A transfer of USDT sends no TRX and no TRC10 token along.
  for (const number of [TRIGGER.callValue, TRIGGER.callTokenValue, TRIGGER.tokenId]) {
    if (trigger.int(number) !== 0) throw new Error("the call sends value along");
  }
  return {
    refBlockBytes: toHex(raw.bytes(RAW.refBlockBytes)),
    refBlockHash: toHex(raw.bytes(RAW.refBlockHash)),
    expiration: raw.int(RAW.expiration),
    timestamp: raw.int(RAW.timestamp),
    feeLimit: raw.int(RAW.feeLimit),
    owner: toHex(trigger.bytes(TRIGGER.owner)),
    contract: toHex(trigger.bytes(TRIGGER.contract)),
    data: toHex(trigger.bytes(TRIGGER.data)),
  };
}

const varintBytes = (value: number): number[] => {
  const out: number[] = [];
  let rest = BigInt(value);
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    out.push(rest > 0n ? low | 0x80 : low);
  } while (rest > 0n);
  return out;
};

/** Fields in number order, defaults left out: what java-tron writes, so the bytes (and the id) match. */
function message(fields: [number, number | Uint8Array][]): Uint8Array {
  const out: number[] = [];
  for (const [number, value] of fields) {
    if (typeof value === "number") {
      if (value !== 0) out.push(...varintBytes(number << 3), ...varintBytes(value));
    } else if (value.length > 0) {
      out.push(...varintBytes((number << 3) | 2), ...varintBytes(value.length), ...value);
    }
  }
  return Uint8Array.from(out);
}

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));

export function encodeTriggerRaw(raw: TriggerRaw): string {
  const trigger = message([
    [TRIGGER.owner, fromHex(raw.owner)],
    [TRIGGER.contract, fromHex(raw.contract)],
    [TRIGGER.data, fromHex(raw.data)],
  ]);
  const any = message([
    [ANY.typeUrl, new TextEncoder().encode(TRIGGER_TYPE_URL)],
    [ANY.value, trigger],
  ]);
  const contract = message([
    [CONTRACT.type, TRIGGER_SMART_CONTRACT],
    [CONTRACT.parameter, any],
  ]);
  return toHex(
    message([
      [RAW.refBlockBytes, fromHex(raw.refBlockBytes)],
      [RAW.refBlockHash, fromHex(raw.refBlockHash)],
      [RAW.expiration, raw.expiration],
      [RAW.contract, contract],
      [RAW.timestamp, raw.timestamp],
      [RAW.feeLimit, raw.feeLimit],
    ]),
  );
}
