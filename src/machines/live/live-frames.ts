/**
 * Frames → machine events (docs/api.md, "Live events"). A frame whose type we do not know or whose data does
 * not have the documented shape is dropped, never thrown.
 */
import type { PushedEvent, RawFrame } from "./live.types.ts";

/** Every frame type the stream listens for; unknown ones are still heard so their ids are remembered. */
export const FRAME_TYPES = [
  "points",
  "wallet",
  "multiplier",
  "deposit",
  "withdrawal",
  "session",
  "admin.metrics",
  "admin.audit",
  "admin.risk",
  "reset",
  "achievement",
  "booster",
  "referral",
  "standing",
] as const;

type Data = Record<string, unknown>;

const num = (data: Data, key: string) =>
  typeof data[key] === "number" && Number.isFinite(data[key]) ? (data[key] as number) : null;
const text = (data: Data, key: string) => (typeof data[key] === "string" ? (data[key] as string) : null);
const oneOf = <T extends string>(value: string | null, allowed: readonly T[]) =>
  allowed.includes(value as T) ? (value as T) : null;

function parse(raw: string): Data | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Data) : null;
  } catch {
    return null;
  }
}

const ifComplete = <T extends PushedEvent>(event: T, ...fields: unknown[]): T | null =>
  fields.every((field) => field !== null) ? event : null;

/** `{ active: { id, factor, endsAt } | null }`; a malformed `active` drops the frame. */
function boosterEvent(data: Data): PushedEvent | null {
  if (data.active === null) return { type: "BOOSTER.CHANGED", active: null };
  const active = data.active !== undefined && typeof data.active === "object" ? (data.active as Data) : null;
  if (!active) return null;
  const [id, factor, endsAtText] = [text(active, "id"), num(active, "factor"), text(active, "endsAt")];
  const endsAt = endsAtText === null ? Number.NaN : Date.parse(endsAtText);
  if (id === null || factor === null || factor < 1 || !Number.isFinite(endsAt)) return null;
  return { type: "BOOSTER.CHANGED", active: { id, factor, endsAt } };
}

export function frameToEvent(frame: RawFrame): PushedEvent | null {
  if (frame.type === "reset") return { type: "STREAM.RESET" };
  const data = parse(frame.data);
  if (!data) return null;
  switch (frame.type) {
    case "points": {
      const [points, totalTaps, multiplier] = [
        num(data, "points"),
        num(data, "totalTaps"),
        num(data, "multiplier"),
      ];
      return ifComplete(
        { type: "POINTS.UPDATED", points: points!, totalTaps: totalTaps!, multiplier: multiplier! },
        points,
        totalTaps,
        multiplier,
      );
    }
    case "wallet": {
      const balance = num(data, "balance");
      return ifComplete({ type: "WALLET.UPDATED", balance: balance! }, balance);
    }
    case "multiplier": {
      const multiplier = num(data, "multiplier");
      return ifComplete({ type: "MULTIPLIER.CHANGED", multiplier: multiplier! }, multiplier);
    }
    case "deposit": {
      const [txId, amount] = [text(data, "txId"), num(data, "amount")];
      const status = oneOf(text(data, "status"), ["pending", "credited"] as const);
      return ifComplete(
        { type: "DEPOSIT.UPDATED", txId: txId!, amount: amount!, status: status! },
        txId,
        amount,
        status,
      );
    }
    case "withdrawal": {
      const [id, amount] = [text(data, "id"), num(data, "amount")];
      const status = oneOf(text(data, "status"), ["review", "pending", "confirmed", "failed"] as const);
      return ifComplete(
        {
          type: "WITHDRAWAL.UPDATED",
          id: id!,
          amount: amount!,
          status: status!,
          txId: text(data, "txId"),
          ...(text(data, "reason") === null ? {} : { reason: text(data, "reason") }),
        },
        id,
        amount,
        status,
      );
    }
    case "achievement": {
      const [id, name, rewardPoints] = [text(data, "id"), text(data, "name"), num(data, "rewardPoints")];
      return ifComplete(
        { type: "ACHIEVEMENT.UNLOCKED", id: id!, name: name!, rewardPoints: rewardPoints! },
        id,
        name,
        rewardPoints,
      );
    }
    case "booster":
      return boosterEvent(data);
    case "referral": {
      const [invited, earnedPoints, earnedToday] = [
        num(data, "invited"),
        num(data, "earnedPoints"),
        num(data, "earnedToday"),
      ];
      return ifComplete(
        {
          type: "REFERRAL.UPDATED",
          invited: invited!,
          earnedPoints: earnedPoints!,
          earnedToday: earnedToday!,
        },
        invited,
        earnedPoints,
        earnedToday,
      );
    }
    case "standing": {
      const status = oneOf(text(data, "status"), ["ok", "review", "frozen"] as const);
      return ifComplete({ type: "STANDING.CHANGED", status: status! }, status);
    }
    case "session":
      return { type: "SESSION.REVOKED", reason: text(data, "reason") ?? "revoked" };
    case "admin.metrics":
      return { type: "ADMIN.METRICS", metrics: data as never };
    case "admin.audit":
      return text(data, "id") === null ? null : { type: "ADMIN.AUDIT", item: data as never };
    case "admin.risk": {
      const [userId, score] = [text(data, "userId"), num(data, "score")];
      const status = oneOf(text(data, "status"), ["ok", "review", "frozen", "banned"] as const);
      return ifComplete(
        { type: "ADMIN.RISK", userId: userId!, status: status!, score: score! },
        userId,
        status,
        score,
      );
    }
    default:
      return null;
  }
}
