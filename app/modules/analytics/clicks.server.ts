import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";

/**
 * Out-link clicks (link_clicks: a count per link and UTC day; link_click_visitors:
 * who clicked, as a daily hash, so a visitor counts once per link and day). The
 * out-link redirect (outlinks/outlinks.server.ts) counts here; the Analytics
 * screen reads the counts.
 */

/** Counts a click on a link by `visitor` (outlinks clickVisitor) on `day`, once per visitor, link and day. */
export async function countClick(db: Db, id: number, day: string, visitor: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const first = await trx
      .insertInto("link_click_visitors")
      .values({ link_id: id, day, visitor })
      .onConflict((oc) => oc.doNothing())
      .returning("link_id")
      .executeTakeFirst();
    if (!first) return;
    await trx
      .insertInto("link_clicks")
      .values({ link_id: id, day, count: 1 })
      .onConflict((oc) => oc.columns(["link_id", "day"]).doUpdateSet((eb) => ({ count: eb("link_clicks.count", "+", 1) })))
      .execute();
  });
}

/** Forgets who clicked before `keepFrom` (a UTC day): the daily counts stay, the hashes go. */
export async function pruneClickVisitors(db: Db, keepFrom: string): Promise<number> {
  const result = await db.deleteFrom("link_click_visitors").where("day", "<", keepFrom).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Clicks on a link, in total or since a UTC day (YYYY-MM-DD). */
export async function countClicks(db: Db, linkId: number, sinceDay?: string): Promise<number> {
  let query = db
    .selectFrom("link_clicks")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("count"), eb.lit(0)).as("n"))
    .where("link_id", "=", linkId);
  if (sinceDay) query = query.where("day", ">=", sinceDay);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}
