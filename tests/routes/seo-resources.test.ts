import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as robotsLoader } from "#app/routes/resources/robots.ts";
import { loader as sitemapPartLoader } from "#app/routes/resources/sitemap-part.ts";
import { loader as sitemapLoader } from "#app/routes/resources/sitemap.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { routeContext } from "#tests/helpers/route.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("sqlite");
});
afterAll(async () => {
  await database?.destroy();
});

function args(path: string, params: Record<string, string> = {}) {
  const context = routeContext(database.db, { publicUrl: "https://cinedex.example" });
  const request = new Request(`https://cinedex.example${path}`);
  return { request, url: new URL(request.url), pattern: path, params, context };
}

it("serves /sitemap.xml as cacheable XML", async () => {
  const response = await sitemapLoader(args("/sitemap.xml") as unknown as Parameters<typeof sitemapLoader>[0]);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  const xml = await response.text();
  expect(xml).toContain("<urlset");
  expect(xml).toContain("<loc>https://cinedex.example/faq</loc>");
});

it("answers 404 for a sitemap part it does not list", async () => {
  for (const name of ["nope.xml", "titles-1.xml"]) {
    const response = await sitemapPartLoader(args(`/sitemaps/${name}`, { name }) as unknown as Parameters<typeof sitemapPartLoader>[0]);
    expect(response.status, name).toBe(404);
  }
});

it("serves /robots.txt as plain text naming the sitemap", async () => {
  const response = robotsLoader(args("/robots.txt") as unknown as Parameters<typeof robotsLoader>[0]);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toContain("Disallow: /middleman\n");
  expect(text).toContain("Sitemap: https://cinedex.example/sitemap.xml\n");
});
