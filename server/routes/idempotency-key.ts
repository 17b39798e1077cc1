/** The `Idempotency-Key` header of a money-moving route; its schema (IdempotencyHeaders) has required and checked it. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string {
  return String(headers["idempotency-key"]);
}
