/**
 * The signed-in session as kept in localStorage: `auth_token` (the access token) and `user_data` (the user),
 * as docs/product.md §3 names them, plus our `auth_session` (refresh token and expiry) so a reload can
 * refresh.
 */
import type { LoginAnswer, SessionUser } from "./auth.ts";
import { STORAGE_KEYS } from "./storage-keys.ts";

export type StoredUser = SessionUser & { trc20_address?: string | null };

export interface StoredSession {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds since the epoch; null when unknown (an older stored session). */
  expiresAt: number | null;
  user: StoredUser;
}

export interface SessionStore {
  /** The stored session, null when there is none; throws when what is stored cannot be read. */
  read(): StoredSession | null;
  /** Throws when the browser refuses to store (quota, privacy mode). */
  write(answer: LoginAnswer): StoredSession;
  /** The account changed (Telegram linked): the stored user follows; the tokens stay. */
  updateUser(user: StoredUser): void;
  clear(): void;
  /** True while both the token and the user are still stored (another tab may remove them). */
  isPresent(): boolean;
  /** The stored access token alone (what the API client sends as bearer), null when there is none. */
  accessToken(): string | null;
}

function isUser(value: unknown): value is StoredUser {
  const user = value as StoredUser | null;
  // An account made from Telegram has no email (docs/decisions/031).
  return typeof user?.id === "string" && (typeof user.email === "string" || user.email === null);
}

export function createSessionStore(storage: Storage): SessionStore {
  return {
    read() {
      const accessToken = storage.getItem(STORAGE_KEYS.authToken);
      const rawUser = storage.getItem(STORAGE_KEYS.userData);
      if (!accessToken && !rawUser) return null;
      if (!accessToken || !rawUser) throw new Error("Half a session is stored");
      const user: unknown = JSON.parse(rawUser);
      if (!isUser(user)) throw new Error("Stored user is not readable");
      const rawSession = storage.getItem(STORAGE_KEYS.authSession);
      const extra = rawSession
        ? (JSON.parse(rawSession) as { refresh_token?: unknown; expires_at?: unknown })
        : {};
      return {
        accessToken,
        user,
        refreshToken: typeof extra.refresh_token === "string" ? extra.refresh_token : null,
        expiresAt: typeof extra.expires_at === "number" ? extra.expires_at : null,
      };
    },
    write(answer) {
      storage.setItem(STORAGE_KEYS.authToken, answer.session.access_token);
      storage.setItem(STORAGE_KEYS.userData, JSON.stringify(answer.user));
      storage.setItem(
        STORAGE_KEYS.authSession,
        JSON.stringify({
          refresh_token: answer.session.refresh_token,
          expires_at: answer.session.expires_at,
        }),
      );
      return {
        accessToken: answer.session.access_token,
        refreshToken: answer.session.refresh_token,
        expiresAt: answer.session.expires_at,
        user: answer.user,
      };
    },
    updateUser(user) {
      storage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
    },
    clear() {
      storage.removeItem(STORAGE_KEYS.authToken);
      storage.removeItem(STORAGE_KEYS.userData);
      storage.removeItem(STORAGE_KEYS.authSession);
    },
    isPresent() {
      return Boolean(storage.getItem(STORAGE_KEYS.authToken) && storage.getItem(STORAGE_KEYS.userData));
    },
    accessToken() {
      return storage.getItem(STORAGE_KEYS.authToken);
    },
  };
}
