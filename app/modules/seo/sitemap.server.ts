import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import { listGenres } from "#app/modules/catalogue/read.server.ts";
import {
  SITEMAP_URL_LIMIT,
  absoluteUrl,
  pageUrls,
  parsePartName,
  partPath,
  planHasPart,
  planSitemap,
  renderSitemapIndex,
  renderUrlset,
  titleUrl,
  type SitemapPlan,
  type SitemapUrl,
} from "./sitemap.ts";

export interface SitemapOptions {
  /** URLs per file; the protocol's 50,000 unless a test wants fewer. */
  limit?: number;
  /** Title rows per query while reading. */
  batchSize?: number;
}

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
async function cursorBefore(db: Db, position: number): Promise<number | null> {
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

async function sitemapState(db: Db, origin: string, limit: number) {
  const [genres, titleCount] = await Promise.all([listGenres(db), countSitemapTitles(db)]);
  const pages = pageUrls(origin, genres);
  const plan: SitemapPlan = planSitemap({ pages: pages.length, titles: titleCount }, limit);
  return { pages, plan };
}

/** The text of /sitemap.xml: every public URL, or an index of parts when they do not fit one file. */
export async function buildSitemap(db: Db, origin: string, options: SitemapOptions = {}): Promise<string> {
  const limit = options.limit ?? SITEMAP_URL_LIMIT;
  const { pages, plan } = await sitemapState(db, origin, limit);
  if (plan.kind === "index") return renderSitemapIndex(plan.parts.map((part) => absoluteUrl(origin, partPath(part))));
  const titles = await readSitemapTitles(db, 0, limit - pages.length, options.batchSize);
  return renderUrlset([...pages, ...titles.map((t) => titleUrl(origin, t))]);
}

/** The text of one part of a split sitemap, or null when the index lists no part of that name. */
export async function buildSitemapPart(db: Db, origin: string, name: string, options: SitemapOptions = {}): Promise<string | null> {
  const part = parsePartName(name);
  if (!part) return null;
  const limit = options.limit ?? SITEMAP_URL_LIMIT;
  const { pages, plan } = await sitemapState(db, origin, limit);
  if (!planHasPart(plan, part)) return null;

  const start = (part.number - 1) * limit;
  let urls: SitemapUrl[];
  if (part.kind === "pages") {
    urls = pages.slice(start, start + limit);
  } else {
    const after = await cursorBefore(db, start);
    if (after === null) return null;
    urls = (await readSitemapTitles(db, after, limit, options.batchSize)).map((t) => titleUrl(origin, t));
  }
  return renderUrlset(urls);
}
