/**
 * How an account is named where people must tell accounts apart (the admin's lists and dialogs, the audit log,
 * the account menu): its email, or for an account made from Telegram (no email, docs/decisions/031) its
 * @username, else its name, marked "(Telegram)". Shared by the server and the app so both say the same.
 */
export function accountLabel(account: {
  email: string | null;
  name: string;
  telegramUsername?: string | null;
}): string {
  if (account.email !== null) return account.email;
  const who = account.telegramUsername ? `@${account.telegramUsername}` : account.name;
  return `${who} (Telegram)`;
}
