/**
 * The admin's session in localStorage under its own keys of docs/product.md §3, `adminUser` and
 * `adminSession`, apart from the user's (`auth_token`, `user_data`): signing in as admin never signs a user
 * out, or the other way round.
 */
import { STORAGE_KEYS } from "./storage-keys.ts";

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  role: "admin";
}

export interface StoredAdminSession {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
  user: AdminUser;
}

export function createAdminSessionStore(storage: Storage) {
  return {
    read(): StoredAdminSession | null {
      try {
        const session = JSON.parse(
          storage.getItem(STORAGE_KEYS.adminSession) ?? "null",
        ) as Partial<StoredAdminSession> | null;
        const user = JSON.parse(storage.getItem(STORAGE_KEYS.adminUser) ?? "null") as AdminUser | null;
        if (!session?.accessToken || user?.role !== "admin") return null;
        return {
          accessToken: session.accessToken,
          refreshToken: session.refreshToken ?? null,
          expiresAt: session.expiresAt ?? null,
          user,
        };
      } catch {
        return null;
      }
    },
    /** The stored access token alone (what the API client sends as bearer); null when none can be read. */
    accessToken(): string | null {
      try {
        const raw = storage.getItem(STORAGE_KEYS.adminSession);
        const parsed = raw ? (JSON.parse(raw) as { accessToken?: unknown }) : null;
        return typeof parsed?.accessToken === "string" ? parsed.accessToken : null;
      } catch {
        return null;
      }
    },
    write(session: StoredAdminSession): void {
      const { user, ...tokens } = session;
      storage.setItem(STORAGE_KEYS.adminSession, JSON.stringify(tokens));
      storage.setItem(STORAGE_KEYS.adminUser, JSON.stringify(user));
    },
    clear(): void {
      storage.removeItem(STORAGE_KEYS.adminSession);
      storage.removeItem(STORAGE_KEYS.adminUser);
    },
  };
}

export type AdminSessionStore = ReturnType<typeof createAdminSessionStore>;
