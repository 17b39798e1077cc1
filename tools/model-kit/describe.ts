/** How the kit writes states and events for people: short, and the same in every command. */
import type { EventObject, StateValue } from "xstate";

/** `{ ready: { sync: "idle", figures: "fresh" } }` → `ready{sync.idle, figures.fresh}`. */
export function describeValue(value: StateValue): string {
  if (typeof value === "string") return value;
  const entries = Object.entries(value);
  const parts = entries.map(([key, child]) => {
    const inner = describeValue(child as StateValue);
    return typeof child === "string" || Object.keys(child as object).length === 1
      ? `${key}.${inner}`
      : `${key}${inner}`;
  });
  return parts.length === 1 ? parts[0]! : `{${parts.join(", ")}}`;
}

/**
 * An event as the path tests name it: its type, with the error code of a failure (so two failures differ)
 * and, for a user event with a payload, the payload in short.
 */
export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const code = (payload.error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") return `${type}(${code})`;
  const output = payload.output;
  if (
    type.startsWith("xstate.done.actor.") &&
    (output === null || ["string", "number", "boolean"].includes(typeof output))
  )
    return `${type}(${JSON.stringify(output)})`;
  if (type.startsWith("xstate.") || Object.keys(payload).length === 0) return type;
  const shown = Object.entries(payload)
    .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value) || value === null)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return shown.length > 0 ? `${type} ${shown.join(" ")}` : type;
}

/** "1 state", "3 states". */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
