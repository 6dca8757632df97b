import type { Db } from "#app/db/client.server.ts";

/**
 * Forgets the view counts of deleted titles. title_views has no foreign key
 * (ADR 035: counts are added in batches, maybe after the title went), so the
 * catalogue calls this in the transaction that deletes the titles.
 */
export async function forgetTitleViews(db: Db, titleIds: number[]): Promise<void> {
  if (titleIds.length === 0) return;
  await db.deleteFrom("title_views").where("title_id", "in", titleIds).execute();
}
