/**
 * How an account is named where people (admins, the audit log) must tell accounts apart: its email, or for an
 * account made from Telegram (no email, docs/decisions/031) its @username, else its name, marked "(Telegram)".
 */
export function accountLabel(account: {
  email: string | null;
  name: string;
  telegram_username?: string | null;
}): string {
  if (account.email !== null) return account.email;
  const who = account.telegram_username ? `@${account.telegram_username}` : account.name;
  return `${who} (Telegram)`;
}
