/**
 * Query strings and path parameters arrive as text, while the validator never coerces (so a JSON body's "5"
 * is never 5). This converts exactly the top-level fields a schema declares as integer, number or boolean,
 * from their plain decimal / true|false spelling only: "10" becomes 10, but "1e3", " 10" or "0x1" stay text
 * and fail validation.
 */
import type { TSchema } from "typebox";

type FieldType = "integer" | "number" | "boolean";

const INTEGER = /^-?(0|[1-9]\d*)$/;
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

function convert(type: FieldType, text: string): unknown {
  if (type === "boolean") return text === "true" ? true : text === "false" ? false : text;
  return (type === "integer" ? INTEGER : DECIMAL).test(text) ? Number(text) : text;
}

/** A function that converts the typed fields of a parsed query/params object in place, or null if none. */
export function textFieldCoercer(
  schema: TSchema | undefined,
): ((values: Record<string, unknown>) => void) | null {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
  if (!properties) return null;
  const typed = Object.entries(properties).flatMap(([name, field]) =>
    field.type === "integer" || field.type === "number" || field.type === "boolean"
      ? [[name, field.type as FieldType] as const]
      : [],
  );
  if (typed.length === 0) return null;
  return (values) => {
    for (const [name, type] of typed) {
      const value = values[name];
      if (typeof value === "string") values[name] = convert(type, value);
    }
  };
}
