/** A toast leaves a machine as an emitted event; the one effects adapter shows it (docs/architecture.md). */
export type Toast = { type: "toast"; tone: "success" | "error"; title: string; description?: string };

export const toast = (tone: Toast["tone"], title: string, description?: string): Toast =>
  description === undefined ? { type: "toast", tone, title } : { type: "toast", tone, title, description };
