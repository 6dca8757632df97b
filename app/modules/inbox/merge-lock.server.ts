import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { dialectOf } from "#app/db/dialect.server.ts";

/**
 * Serialises the "find an open row to merge into, else insert" step of
 * submissions sharing a key, inside the caller's transaction. Without it two
 * identical requests arriving together on PostgreSQL (read committed) would both
 * miss each other and be stored twice. SQLite needs nothing: its write
 * transactions begin IMMEDIATE and so already run one at a time.
 */
export async function lockForMerge(trx: Db, key: string): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(${`cinedex:inbox:${key}`}))`.execute(trx);
}
