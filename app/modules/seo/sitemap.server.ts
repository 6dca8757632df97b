import type { Db } from "#app/db/client.server.ts";
import { listGenres } from "#app/modules/catalogue/read.server.ts";
import { countSitemapTitles, cursorBefore, readSitemapTitles } from "#app/modules/catalogue/seo-titles.server.ts";
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
