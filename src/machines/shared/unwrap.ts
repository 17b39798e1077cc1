/** How an actor turns a client answer into its value: the normalised error of docs/product.md §8 is thrown. */
import type { ApiResult } from "#src/api/errors.ts";

export function unwrap<T>(result: ApiResult<T>): T {
  if (result.error) throw result.error;
  return result.data;
}
