/**
 * The player's side of fair play (docs/fair-play.md) as a small stateful fake for component tests (msw): each
 * user's standing (`ok` unless a test sets it), their open appeal, GET /user/{id}/standing and POST
 * /user/{id}/standing/appeal (3–1000 characters, one open appeal at a time: 409 APPEAL_OPEN). A frozen
 * user's tap syncs are refused by fake-rewards.ts (403 ACCOUNT_FROZEN), which asks `isFrozen`.
 */
import { delay, HttpResponse, http } from "msw";
import {
  APPEAL_MAX_LENGTH,
  APPEAL_MIN_LENGTH,
  APPEAL_OPEN_MESSAGE,
  STANDING_MESSAGES,
} from "#contracts/fair-play-rules.ts";

type Status = keyof typeof STANDING_MESSAGES;

const failure = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

export function createFakeFairPlay(api: string, userIdOf: (request: Request) => string | null) {
  const statuses = new Map<string, Status>();
  const appeals = new Map<string, { at: string; message: string }>();
  /** Every appeal body as sent, in order (those refused too). */
  const appealCalls: Array<{ userId: string; message: string }> = [];
  /** Whose standing was read, in order. */
  const standingReads: string[] = [];
  /** The next appeal is lost on the way ("network") or never answered ("hang"). */
  let nextAppeal: "network" | "hang" | null = null;

  const own = (request: Request, id: string) => {
    const userId = userIdOf(request);
    if (!userId) return { response: failure(401, "UNAUTHORIZED", "Please log in.") };
    if (userId !== id) return { response: failure(403, "FORBIDDEN", "Not your account.") };
    return { userId };
  };

  const handlers = [
    http.get(`${api}/user/:id/standing`, ({ request, params }) => {
      const { response, userId } = own(request, String(params.id));
      if (response) return response;
      standingReads.push(userId);
      const status = statuses.get(userId) ?? "ok";
      return HttpResponse.json({
        status,
        message: STANDING_MESSAGES[status],
        appeal: appeals.get(userId) ?? null,
      });
    }),
    http.post(`${api}/user/:id/standing/appeal`, async ({ request, params }) => {
      const body = (await request.json()) as { message?: unknown };
      const { response, userId } = own(request, String(params.id));
      if (response) return response;
      const message = typeof body.message === "string" ? body.message : "";
      appealCalls.push({ userId, message });
      const injected = nextAppeal;
      nextAppeal = null;
      if (injected === "hang") await delay("infinite");
      if (injected === "network") return HttpResponse.error();
      if (message.length < APPEAL_MIN_LENGTH || message.length > APPEAL_MAX_LENGTH)
        return failure(400, "VALIDATION_ERROR", "The message must be 3 to 1000 characters.");
      if (appeals.has(userId)) return failure(409, "APPEAL_OPEN", APPEAL_OPEN_MESSAGE);
      appeals.set(userId, { at: new Date().toISOString(), message });
      return HttpResponse.json({ success: true });
    }),
  ];

  return {
    handlers,
    appealCalls,
    standingReads,
    /** An admin (or the signals) set the user's standing. */
    setStatus: (userId: string, status: Status) => statuses.set(userId, status),
    /** The user already has an open appeal (sent from another device, say). */
    openAppeal: (userId: string, message: string, at = new Date().toISOString()) =>
      appeals.set(userId, { at, message }),
    isFrozen: (userId: string) => statuses.get(userId) === "frozen",
    failNextAppeal: (how: "network" | "hang") => {
      nextAppeal = how;
    },
    clear() {
      statuses.clear();
      appeals.clear();
      appealCalls.length = 0;
      nextAppeal = null;
      standingReads.length = 0;
    },
  };
}
