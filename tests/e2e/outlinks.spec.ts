import { buildMovie } from "#tests/factories/titles.ts";
import { expect, test } from "./fixtures.ts";

// Out-links and other redirects only ever lead where the catalogue or the site says.

test("/page3 redirects only to the stored address of a known link, without a referrer", async ({ request, catalogue }) => {
  const film = await catalogue.create(
    buildMovie({
      releases: [{ quality: "720p", files: [{ title: "F", links: [{ label: "gofile", url: "https://files.example/known?x=1&y=2" }] }] }],
    }),
  );
  const id = film.releases[0]!.files[0]!.links[0]!.id;
  const response = await request.get(`/page3?id=${id}&url=https://evil.example/`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("https://files.example/known?x=1&y=2");
  expect(response.headers()["referrer-policy"]).toContain("no-referrer");
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("a visitor's clicks on a link count once a day; robots and prefetches do not count", async ({ request, catalogue }) => {
  const film = await catalogue.create(
    buildMovie({
      releases: [{ quality: "720p", files: [{ title: "F", links: [{ label: "gofile", url: "https://files.example/counted" }] }] }],
    }),
  );
  const id = film.releases[0]!.files[0]!.links[0]!.id;
  const browser = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
  const follow = (headers: Record<string, string>) => request.get(`/page3?id=${id}`, { maxRedirects: 0, headers });
  const clicks = async () =>
    Number((await catalogue.db.selectFrom("link_clicks").select("count").where("link_id", "=", id).executeTakeFirst())?.count ?? 0);

  for (let i = 0; i < 5; i++) expect((await follow({ "User-Agent": browser })).status()).toBe(302);
  expect(await clicks()).toBe(1);
  // A crawler and a prefetching browser are still sent on, but not counted.
  expect((await follow({ "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" })).status()).toBe(302);
  expect((await follow({ "User-Agent": `${browser} Edg/130.0`, "Sec-Purpose": "prefetch" })).status()).toBe(302);
  expect(await clicks()).toBe(1);
  expect((await follow({ "User-Agent": `${browser} Edg/130.0` })).status()).toBe(302);
  expect(await clicks()).toBe(2);
});

test("/page3 never redirects off-site from what the query says", async ({ request }) => {
  for (const query of [
    "url=https://evil.example",
    "id=999999999",
    "id=//evil.example",
    "id=https://evil.example",
    "id=1e3",
    "id=-1",
    "id=",
    "",
    "id=%2F%2Fevil.example",
  ]) {
    const response = await request.get(`/page3?${query}`, { maxRedirects: 0 });
    expect(response.status(), query).toBe(404);
    expect(response.headers()["location"], query).toBeUndefined();
  }
});

test("the mediator page answers 404 for unknown links", async ({ request }) => {
  for (const query of ["id=999999999", "id=abc", "url=https://evil.example"]) {
    const response = await request.get(`/middleman?${query}`);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("This download link does not exist or has been removed.");
  }
});

test("dismissing a banner without JavaScript returns only to a path on this site", async ({ request }) => {
  for (const [redirectTo, expected] of [
    ["/faq?x=1", "/faq?x=1"],
    ["//evil.example/", "/"],
    ["https://evil.example/", "/"],
    ["/\\evil.example", "/"],
  ] as const) {
    const response = await request.post("/banners/dismiss", { form: { banner: "vpn", redirectTo }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(expected);
    expect(response.headers()["set-cookie"]).toMatch(/^cinedex_banners=vpn; Path=\/; Max-Age=31536000; SameSite=Lax/);
  }
  expect((await request.post("/banners/dismiss", { form: { banner: "nope" }, maxRedirects: 0 })).status()).toBe(400);
});

test("unknown genres and types are 404 pages", async ({ request }) => {
  expect((await request.get("/genre/no-such-genre")).status()).toBe(404);
  expect((await request.get("/genre/horror/books")).status()).toBe(404);
  expect((await request.get("/genre/horror/tv")).status()).toBe(200);
});

test("link pages with wrong or foreign references are 404s, and variants redirect to the canonical path", async ({ request }) => {
  // The home page's first movie that has links: other tests add movies without any while this runs.
  const home = await (await request.get("/")).text();
  let details: RegExpExecArray | null = null;
  for (const [, titlePath] of home.matchAll(/href="(\/movie\/\d+\/[^"#]+)"/g)) {
    details = /href="(\/desksync\/(\d+)\/null\/([^/]+)\/movie)"/.exec(await (await request.get(titlePath!)).text());
    if (details) break;
  }
  expect(details, "a movie with links on the home page").not.toBeNull();
  const [, path, id, key] = details!;
  expect((await request.get(path!)).status()).toBe(200);
  const upper = await request.get(`/desksync/${id}/null/${key!.toUpperCase()}/movie`, { maxRedirects: 0 });
  expect(upper.status()).toBe(301);
  expect(upper.headers()["location"]).toBe(path);
  for (const bad of [
    `/desksync/${id}/null/${key}/tv`,
    `/desksync/${id}/null/9999p/movie`,
    `/desksync/${id}/e999999/${key}/tv`,
    `/desksync/${id}/abc/${key}/tv`,
    `/archive/${id}/nope`,
  ]) {
    const response = await request.get(bad);
    expect(response.status(), bad).toBe(404);
    expect(await response.text(), bad).toContain("Failed to fetch data");
  }
});
