import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";

/** Pending content requests per title key (requestTitleKey), summed over their repeats; keys without any are absent. */
export async function pendingRequestCounts(db: Db, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("content_requests")
    .select((eb) => ["title_key", eb.fn.sum<number | string>("request_count").as("n")])
    .where("title_key", "in", keys)
    .where("status", "=", "pending")
    .groupBy("title_key")
    .execute();
  return new Map(rows.map((r) => [r.title_key, toCount(r.n)]));
}
