/** The `Idempotency-Key` header of a money-moving route; its schema (IdempotencyHeaders) has required and checked it. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string {
  return String(headers["idempotency-key"]);
}

/** The same header where it is optional (the admin's money routes): undefined when absent. */
export function optionalIdempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const key = headers["idempotency-key"];
  return typeof key === "string" ? key : undefined;
}
