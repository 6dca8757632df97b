// The sitemap's shape and XML, with no database: what goes in it, how it splits
// into parts, and the text of each file (https://www.sitemaps.org/protocol.html).

import { genrePath, titlePath } from "#app/modules/catalogue/paths.ts";

/** The protocol's ceiling on URLs in one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** Public pages with fixed addresses, in the order the sitemap lists them. */
export const STATIC_SITEMAP_PATHS = [
  "/",
  "/how-to-download",
  "/faq",
  "/about-us",
  "/site-disclaimer",
  "/privacy-policy",
  "/terms",
  "/contact-us",
  "/request",
  "/broken-links",
  "/dmca",
  "/api/docs",
] as const;

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export interface SitemapUrl {
  /** Absolute URL, not yet escaped for XML. */
  loc: string;
  /** W3C datetime of the page's last change. */
  lastmod?: string | null;
}

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text made safe for XML character data and attribute values. */
export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/** The origin with no trailing slash, so paths can be appended to it. */
function bare(origin: string): string {
  return origin.replace(/\/+$/, "");
}

export function absoluteUrl(origin: string, path: string): string {
  return `${bare(origin)}${path}`;
}

/**
 * A stored timestamp as a W3C datetime in UTC, to the second; null when it does
 * not parse, so a bad value drops the lastmod rather than the URL.
 */
export function w3cDatetime(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The static pages and genres: the sitemap entries that are not titles. */
export function pageUrls(origin: string, genres: ReadonlyArray<{ slug: string }>): SitemapUrl[] {
  return [
    ...STATIC_SITEMAP_PATHS.map((path) => ({ loc: absoluteUrl(origin, path) })),
    ...genres.map((genre) => ({ loc: absoluteUrl(origin, genrePath(genre)) })),
  ];
}

export function titleUrl(origin: string, title: { id: number; slug: string; updatedAt: string | null }): SitemapUrl {
  return { loc: absoluteUrl(origin, titlePath(title)), lastmod: w3cDatetime(title.updatedAt) };
}

function urlEntry(url: SitemapUrl): string {
  const lastmod = url.lastmod ? `<lastmod>${xmlEscape(url.lastmod)}</lastmod>` : "";
  return `<url><loc>${xmlEscape(url.loc)}</loc>${lastmod}</url>`;
}

/** A `<urlset>` file. */
export function renderUrlset(urls: Iterable<SitemapUrl>): string {
  const lines = [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}">`];
  for (const url of urls) lines.push(urlEntry(url));
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/** A `<sitemapindex>` file listing the parts at these absolute URLs. */
export function renderSitemapIndex(locs: Iterable<string>): string {
  const lines = [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NS}">`];
  for (const loc of locs) lines.push(`<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`);
  lines.push("</sitemapindex>", "");
  return lines.join("\n");
}

/** One part of a split sitemap: the n-th slice (from 1) of the pages or of the titles. */
export interface SitemapPart {
  kind: "pages" | "titles";
  number: number;
}

export type SitemapPlan = { kind: "urlset" } | { kind: "index"; parts: SitemapPart[] };

function checkLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`sitemap URL limit must be a positive integer, got ${limit}`);
  return limit;
}

/**
 * One `<urlset>` when every URL fits in a file; otherwise an index of parts, each
 * within the limit: the pages (static and genres) first, then the titles in id order.
 */
export function planSitemap(counts: { pages: number; titles: number }, limit = SITEMAP_URL_LIMIT): SitemapPlan {
  checkLimit(limit);
  if (counts.pages + counts.titles <= limit) return { kind: "urlset" };
  const parts: SitemapPart[] = [];
  for (let n = 1; n <= Math.ceil(counts.pages / limit); n++) parts.push({ kind: "pages", number: n });
  for (let n = 1; n <= Math.ceil(counts.titles / limit); n++) parts.push({ kind: "titles", number: n });
  return { kind: "index", parts };
}

/** File name of a part under /sitemaps/, e.g. `titles-3.xml`. */
export function partName(part: SitemapPart): string {
  return `${part.kind}-${part.number}.xml`;
}

export function partPath(part: SitemapPart): string {
  return `/sitemaps/${partName(part)}`;
}

/** The part a file name stands for, or null when it names none. */
export function parsePartName(name: string): SitemapPart | null {
  const match = /^(pages|titles)-([1-9]\d{0,8})\.xml$/.exec(name);
  if (!match) return null;
  return { kind: match[1] as SitemapPart["kind"], number: Number(match[2]) };
}

/** Whether the plan lists this part. */
export function planHasPart(plan: SitemapPlan, part: SitemapPart): boolean {
  return plan.kind === "index" && plan.parts.some((p) => p.kind === part.kind && p.number === part.number);
}
