import { expect, test } from "@playwright/test";

// The crawler files over HTTP, on the demo catalogue of 47 titles.

test("/sitemap.xml is one urlset with the help pages and every title", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
  const xml = await response.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).not.toContain("<sitemapindex");
  expect(xml).toMatch(/<loc>http[^<]*\/faq<\/loc>/);
  const titles = [...xml.matchAll(/<url><loc>(http[^<]*\/movie\/\d+\/[^<]+)<\/loc><lastmod>[^<]+<\/lastmod><\/url>/g)].map((m) => m[1]);
  expect(titles.length).toBeGreaterThanOrEqual(47);
  expect(new Set(titles).size).toBe(titles.length);

  // A listed title page is really there.
  const first = new URL(titles[0]!.replace(/&amp;/g, "&"));
  expect((await request.get(first.pathname)).status()).toBe(200);
});

test("/robots.txt disallows the private paths and names the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toContain("User-agent: *");
  expect(text).toContain("Disallow: /middleman\n");
  expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
});

test("an unknown sitemap part is 404", async ({ request }) => {
  expect((await request.get("/sitemaps/nope.xml")).status()).toBe(404);
  expect((await request.get("/sitemaps/titles-1.xml")).status()).toBe(404);
});
