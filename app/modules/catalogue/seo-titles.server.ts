import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import type { TitleType } from "#app/db/schema.ts";

/** The titles as the seo module shows them: the sitemap's keyset pages (seo/sitemap.server.ts) and a share card's fields. */

const DEFAULT_BATCH_SIZE = 5_000;

/** What a title contributes to the sitemap. */
export interface SitemapTitle {
  id: number;
  slug: string;
  updatedAt: string;
}

export async function countSitemapTitles(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom("titles")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return toCount(n);
}

/**
 * Up to `max` titles with ids above `afterId`, in id order, read in keyset pages
 * of `batchSize` rows so no query walks or holds the whole table.
 */
export async function readSitemapTitles(db: Db, afterId: number, max: number, batchSize = DEFAULT_BATCH_SIZE): Promise<SitemapTitle[]> {
  const titles: SitemapTitle[] = [];
  let last = afterId;
  while (titles.length < max) {
    const want = Math.min(batchSize, max - titles.length);
    const rows = await db
      .selectFrom("titles")
      .select(["id", "slug", "updated_at"])
      .where("id", ">", last)
      .orderBy("id")
      .limit(want)
      .execute();
    for (const row of rows) titles.push({ id: row.id, slug: row.slug, updatedAt: row.updated_at });
    if (rows.length < want) break;
    last = rows[rows.length - 1]!.id;
  }
  return titles;
}

/**
 * The id of the title just before the given position in id order (0-based), i.e.
 * the keyset cursor a part starting there reads after; 0 for the first position,
 * null when the catalogue has no title at that position.
 */
export async function cursorBefore(db: Db, position: number): Promise<number | null> {
  if (position === 0) return 0;
  const row = await db
    .selectFrom("titles")
    .select("id")
    .orderBy("id")
    .limit(1)
    .offset(position - 1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** What a title's share card shows (seo/share-card.server.ts), or null when there is no such title. */
export async function shareCardTitle(
  db: Db,
  id: number,
): Promise<{ title: string; type: TitleType; release_date: string | null; updated_at: string } | null> {
  return (
    (await db.selectFrom("titles").select(["title", "type", "release_date", "updated_at"]).where("id", "=", id).executeTakeFirst()) ?? null
  );
}
