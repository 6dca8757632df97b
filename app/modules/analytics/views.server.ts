import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";

/** How many days of page views count towards a title's search popularity. */
export const POPULARITY_VIEW_DAYS = 30;

/** Page views of these titles since `sinceDay` (YYYY-MM-DD), by title id; titles without views are left out. */
export async function titleViewTotals(db: Db, titleIds: number[], sinceDay: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (titleIds.length === 0) return out;
  const rows = await db
    .selectFrom("title_views")
    .select((eb) => ["title_id", eb.fn.sum<number | string>("views").as("views")])
    .where("title_id", "in", titleIds)
    .where("day", ">=", sinceDay)
    .groupBy("title_id")
    .execute();
  for (const r of rows) out.set(r.title_id, toCount(r.views));
  return out;
}

/**
 * Forgets the view counts of deleted titles. title_views has no foreign key
 * (ADR 035: counts are added in batches, maybe after the title went), so the
 * catalogue calls this in the transaction that deletes the titles.
 */
export async function forgetTitleViews(db: Db, titleIds: number[]): Promise<void> {
  if (titleIds.length === 0) return;
  await db.deleteFrom("title_views").where("title_id", "in", titleIds).execute();
}
