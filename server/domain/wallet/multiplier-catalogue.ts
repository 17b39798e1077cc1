/** The multipliers for sale, ascending (seeded by migration 002; admin-editable later). */
import type { Kysely } from "kysely";
import { listMultiplierOptions, type MultiplierOptionRow } from "../../db/repos/multipliers.repo.ts";
import type { Database } from "../../db/schema.ts";

export function multiplierCatalogue(db: Kysely<Database>): Promise<MultiplierOptionRow[]> {
  return listMultiplierOptions(db);
}
