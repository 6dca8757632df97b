import type { KyselyPlugin, PluginTransformQueryArgs } from "kysely";
import { expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { GENRES } from "#app/constants.ts";
import { genreSlug } from "#app/modules/catalogue/slug.ts";
import { createTitle, deleteTitle } from "#app/modules/catalogue/write.server.ts";
import type { TitleDetail } from "#app/modules/catalogue/types.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { STATIC_SITEMAP_PATHS, w3cDatetime } from "./sitemap.ts";
import { countSitemapTitles, readSitemapTitles } from "#app/modules/catalogue/seo-titles.server.ts";
import { buildSitemap, buildSitemapPart } from "./sitemap.server.ts";

const ORIGIN = "https://cinedex.example";

const UNESCAPE: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (e) => UNESCAPE[e]!);

/** The <url> entries of a urlset, as loc → lastmod (null when absent). */
function urlsOf(xml: string): Map<string, string | null> {
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/);
  const entries = [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)];
  expect(entries.length, "every <url> is well formed").toBe(xml.split("<url>").length - 1);
  const map = new Map<string, string | null>();
  for (const [, loc, lastmod] of entries) {
    expect(map.has(unescape(loc!)), `${loc} listed once`).toBe(false);
    map.set(unescape(loc!), lastmod ?? null);
  }
  return map;
}

function sitemapLocsOf(xml: string): string[] {
  expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).not.toContain("<urlset");
  return [...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc><\/sitemap>/g)].map((m) => unescape(m[1]!));
}

const titleLoc = (t: { id: number; slug: string }) => `${ORIGIN}/movie/${t.id}/${encodeURIComponent(t.slug)}`;

async function createMovies(db: Db, count: number): Promise<TitleDetail[]> {
  const created: TitleDetail[] = [];
  for (let i = 0; i < count; i++) created.push(await createTitle(db, buildMovie({ releases: [], screenshots: [], cast: [] })));
  return created;
}

/** Every URL in the index's parts, fetched part by part, with how often each appeared. */
async function crawl(db: Db, limit: number, batchSize?: number) {
  const index = await buildSitemap(db, ORIGIN, { limit, batchSize });
  const parts = sitemapLocsOf(index);
  const seen = new Map<string, number>();
  const lastmods = new Map<string, string | null>();
  for (const loc of parts) {
    expect(loc.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
    const xml = await buildSitemapPart(db, ORIGIN, loc.slice(`${ORIGIN}/sitemaps/`.length), { limit, batchSize });
    expect(xml, loc).not.toBeNull();
    const urls = urlsOf(xml!);
    expect(urls.size).toBeGreaterThan(0);
    expect(urls.size).toBeLessThanOrEqual(limit);
    for (const [url, lastmod] of urls) {
      seen.set(url, (seen.get(url) ?? 0) + 1);
      lastmods.set(url, lastmod);
    }
  }
  return { parts, seen, lastmods };
}

/** A handle that records the SQL of every query run through it. */
function recording(db: Db): { db: Db; sql: string[] } {
  const seen: PluginTransformQueryArgs[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    db: db.withPlugin(plugin),
    get sql() {
      return seen.map((args) => db.getExecutor().compileQuery(args.node, args.queryId).sql);
    },
  };
}

describeEachDatabase("sitemap", (ctx) => {
  it("lists the home and help pages, every genre and every title with its last change in one urlset", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Nosferatu" }));
    const series = await createTitle(ctx.db, buildSeries({ title: "Sherlock Holmes" }));
    const foreign = await createTitle(ctx.db, buildMovie({ title: "東京物語 & Friends" }));
    expect(foreign.slug).not.toMatch(/^[\x20-\x7e]+$/);

    const urls = urlsOf(await buildSitemap(ctx.db, ORIGIN));
    for (const path of ["/", "/how-to-download", "/faq", "/about-us", "/site-disclaimer", "/privacy-policy", "/terms"]) {
      expect(urls.has(`${ORIGIN}${path}`), path).toBe(true);
    }
    for (const path of STATIC_SITEMAP_PATHS) expect(urls.get(`${ORIGIN}${path}`)).toBeNull();
    expect(GENRES).toHaveLength(21);
    for (const name of GENRES) expect(urls.has(`${ORIGIN}/genre/${genreSlug(name)}`), name).toBe(true);
    for (const title of [movie, series, foreign]) {
      expect(urls.get(titleLoc(title))).toBe(w3cDatetime(title.updatedAt));
      expect(urls.get(titleLoc(title))).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(urls.size).toBe(STATIC_SITEMAP_PATHS.length + 21 + 3);
    expect(await buildSitemapPart(ctx.db, ORIGIN, "titles-1.xml"), "no parts while the sitemap is one file").toBeNull();
  });

  it("includes genres admins added", async () => {
    await createTitle(ctx.db, buildMovie({ genres: ["Film Noir"] }));
    const urls = urlsOf(await buildSitemap(ctx.db, ORIGIN));
    expect(urls.has(`${ORIGIN}/genre/film-noir`)).toBe(true);
  });

  it("splits into an index whose parts list every URL exactly once, titles in id order", async () => {
    const titles = await createMovies(ctx.db, 25);
    const limit = 10;
    const { parts, seen, lastmods } = await crawl(ctx.db, limit, 3);
    const pageCount = STATIC_SITEMAP_PATHS.length + 21;
    expect(parts.map((p) => p.slice(ORIGIN.length))).toEqual([
      ...Array.from({ length: Math.ceil(pageCount / limit) }, (_, i) => `/sitemaps/pages-${i + 1}.xml`),
      "/sitemaps/titles-1.xml",
      "/sitemaps/titles-2.xml",
      "/sitemaps/titles-3.xml",
    ]);
    expect(seen.size).toBe(pageCount + 25);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    for (const title of titles) expect(lastmods.get(titleLoc(title))).toBe(w3cDatetime(title.updatedAt));

    const second = urlsOf((await buildSitemapPart(ctx.db, ORIGIN, "titles-2.xml", { limit }))!);
    expect([...second.keys()]).toEqual(titles.slice(10, 20).map(titleLoc));
    const third = urlsOf((await buildSitemapPart(ctx.db, ORIGIN, "titles-3.xml", { limit }))!);
    expect(third.size).toBe(5);
  });

  it("keeps listing every title once after deletions leave gaps in the ids", async () => {
    const titles = await createMovies(ctx.db, 25);
    for (const title of titles.filter((_, i) => i % 4 === 1)) await deleteTitle(ctx.db, title.id);
    const kept = titles.filter((_, i) => i % 4 !== 1);
    const { seen } = await crawl(ctx.db, 10);
    for (const title of kept) expect(seen.get(titleLoc(title)), title.slug).toBe(1);
    expect([...seen.keys()].filter((loc) => loc.includes("/movie/"))).toHaveLength(kept.length);
  });

  it("answers null for a part it does not list", async () => {
    await createMovies(ctx.db, 25);
    for (const name of ["nope.xml", "titles-4.xml", "pages-9.xml", "titles-0.xml", "titles.xml", "../sitemap.xml"]) {
      expect(await buildSitemapPart(ctx.db, ORIGIN, name, { limit: 10 }), name).toBeNull();
    }
  });

  it("serves a titles part with one count and keyset pages, never one query for all rows", async () => {
    await createMovies(ctx.db, 25);
    const recorder = recording(ctx.db);
    const xml = await buildSitemapPart(recorder.db, ORIGIN, "titles-2.xml", { limit: 10, batchSize: 3 });
    expect(urlsOf(xml!).size).toBe(10);
    const onTitles = recorder.sql.filter((q) => /from "titles"/.test(q));
    expect(onTitles.filter((q) => /count\(\*\)/.test(q))).toHaveLength(1);
    const reads = onTitles.filter((q) => q.includes('"slug"'));
    expect(reads).toHaveLength(4);
    for (const q of reads) {
      expect(q).toMatch(/where "id" > (\?|\$1) order by "id" limit/);
      expect(q).not.toContain("offset");
    }
  });

  it("reads titles in keyset pages", async () => {
    const titles = await createMovies(ctx.db, 7);
    expect(await countSitemapTitles(ctx.db)).toBe(7);
    const all = await readSitemapTitles(ctx.db, 0, 100, 2);
    expect(all.map((t) => t.id)).toEqual(titles.map((t) => t.id));
    const middle = await readSitemapTitles(ctx.db, titles[1]!.id, 4, 3);
    expect(middle.map((t) => t.id)).toEqual(titles.slice(2, 6).map((t) => t.id));
    expect(await readSitemapTitles(ctx.db, titles[6]!.id, 10, 3)).toEqual([]);
  });

  it("is a urlset of the pages alone for an empty catalogue", async () => {
    const urls = urlsOf(await buildSitemap(ctx.db, ORIGIN));
    expect(urls.size).toBe(STATIC_SITEMAP_PATHS.length + 21);
  });
});
