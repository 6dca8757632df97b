import { describe, expect, it } from "vitest";
import { encodeSegment, genrePath, titlePath } from "#app/modules/catalogue/paths.ts";
import {
  SITEMAP_URL_LIMIT,
  STATIC_SITEMAP_PATHS,
  pageUrls,
  parsePartName,
  partName,
  partPath,
  planHasPart,
  planSitemap,
  renderSitemapIndex,
  renderUrlset,
  titleUrl,
  w3cDatetime,
  xmlEscape,
} from "./sitemap.ts";

describe("xmlEscape", () => {
  it("escapes the five XML special characters and leaves the rest", () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
    expect(xmlEscape("&amp;")).toBe("&amp;amp;");
    expect(xmlEscape("plain-text/ü")).toBe("plain-text/ü");
  });

  it("is applied to every value a file carries", () => {
    const xml = renderUrlset([{ loc: "https://x.example/?a=1&b='2'", lastmod: "<now>" }]);
    expect(xml).toContain("<loc>https://x.example/?a=1&amp;b=&apos;2&apos;</loc>");
    expect(xml).toContain("<lastmod>&lt;now&gt;</lastmod>");
    expect(renderSitemapIndex(['https://x.example/a"&b'])).toContain("<loc>https://x.example/a&quot;&amp;b</loc>");
  });
});

describe("paths", () => {
  it("percent-encodes slugs as the site's links do", () => {
    expect(titlePath({ id: 7, slug: "nosferatu" })).toBe("/movie/7/nosferatu");
    expect(titlePath({ id: 8, slug: "amélie-東京" })).toBe(`/movie/8/${encodeURIComponent("amélie-東京")}`);
    expect(titlePath({ id: 9, slug: "a/b?c#d" })).toBe("/movie/9/a%2Fb%3Fc%23d");
    expect(genrePath({ slug: "sci-fi" })).toBe("/genre/sci-fi");
    expect(genrePath({ slug: "r&b" })).toBe("/genre/r%26b");
  });

  it("survives a slug that is not well-formed UTF-16", () => {
    expect(encodeSegment("a\uD800b")).toBe("a%EF%BF%BDb");
  });

  it("builds absolute URLs without doubling the slash", () => {
    const urls = pageUrls("https://cinedex.example/", [{ slug: "horror" }]);
    expect(urls[0]).toEqual({ loc: "https://cinedex.example/" });
    expect(urls.map((u) => u.loc)).toContain("https://cinedex.example/faq");
    expect(urls.at(-1)).toEqual({ loc: "https://cinedex.example/genre/horror" });
    expect(urls).toHaveLength(STATIC_SITEMAP_PATHS.length + 1);
  });

  it("gives titles their last change as a W3C datetime", () => {
    expect(titleUrl("https://c.example", { id: 3, slug: "m", updatedAt: "2026-02-03T04:05:06.789Z" })).toEqual({
      loc: "https://c.example/movie/3/m",
      lastmod: "2026-02-03T04:05:06Z",
    });
    expect(w3cDatetime("2026-02-03T04:05:06+02:00")).toBe("2026-02-03T02:05:06Z");
    expect(w3cDatetime("not a date")).toBeNull();
    expect(w3cDatetime(null)).toBeNull();
    expect(renderUrlset([{ loc: "https://c.example/", lastmod: null }])).toContain("<url><loc>https://c.example/</loc></url>");
  });
});

describe("planSitemap", () => {
  it("is one urlset while every URL fits, at the protocol's limit by default", () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    expect(planSitemap({ pages: 32, titles: 49_968 })).toEqual({ kind: "urlset" });
    expect(planSitemap({ pages: 3, titles: 7 }, 10)).toEqual({ kind: "urlset" });
  });

  it("becomes an index of parts within the limit once they do not", () => {
    expect(planSitemap({ pages: 32, titles: 49_969 })).toEqual({
      kind: "index",
      parts: [
        { kind: "pages", number: 1 },
        { kind: "titles", number: 1 },
      ],
    });
    const plan = planSitemap({ pages: 12, titles: 25 }, 10);
    expect(plan.kind === "index" && plan.parts.map(partName)).toEqual([
      "pages-1.xml",
      "pages-2.xml",
      "titles-1.xml",
      "titles-2.xml",
      "titles-3.xml",
    ]);
    expect(planSitemap({ pages: 3, titles: 8 }, 10)).toEqual({
      kind: "index",
      parts: [
        { kind: "pages", number: 1 },
        { kind: "titles", number: 1 },
      ],
    });
  });

  it("refuses a limit that is not a positive integer", () => {
    expect(() => planSitemap({ pages: 1, titles: 1 }, 0)).toThrow(RangeError);
    expect(() => planSitemap({ pages: 1, titles: 1 }, 2.5)).toThrow(RangeError);
  });
});

describe("part names", () => {
  it("round-trip and live under /sitemaps/", () => {
    expect(partPath({ kind: "titles", number: 2 })).toBe("/sitemaps/titles-2.xml");
    expect(parsePartName("titles-2.xml")).toEqual({ kind: "titles", number: 2 });
    expect(parsePartName("pages-1.xml")).toEqual({ kind: "pages", number: 1 });
  });

  it("reject anything else", () => {
    for (const name of [
      "nope.xml",
      "titles-0.xml",
      "titles-01.xml",
      "titles-1",
      "titles-1.xml.gz",
      "pages.xml",
      "Titles-1.xml",
      "titles-1e3.xml",
      "titles-9999999999.xml",
    ]) {
      expect(parsePartName(name), name).toBeNull();
    }
  });

  it("count only when the plan lists them", () => {
    const plan = planSitemap({ pages: 12, titles: 25 }, 10);
    expect(planHasPart(plan, { kind: "titles", number: 3 })).toBe(true);
    expect(planHasPart(plan, { kind: "titles", number: 4 })).toBe(false);
    expect(planHasPart({ kind: "urlset" }, { kind: "titles", number: 1 })).toBe(false);
  });
});

describe("rendered files", () => {
  it("are sitemap protocol documents", () => {
    const urlset = renderUrlset([{ loc: "https://c.example/", lastmod: "2026-01-01T00:00:00Z" }]);
    expect(urlset).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<url><loc>https://c.example/</loc><lastmod>2026-01-01T00:00:00Z</lastmod></url>\n</urlset>\n",
    );
    const index = renderSitemapIndex(["https://c.example/sitemaps/pages-1.xml"]);
    expect(index).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<sitemap><loc>https://c.example/sitemaps/pages-1.xml</loc></sitemap>\n</sitemapindex>\n",
    );
  });
});
