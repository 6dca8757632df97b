import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { expect, test } from "./fixtures.ts";

// The page cache (ADR 014) on the production build: anonymous pages come from the
// cache with a CSP of script hashes, HTTP caching headers and 304s; sessions never do.

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(` ${attributes}`))
    .map(([, , text]) => `'sha256-${crypto.createHash("sha256").update(text!).digest("base64")}'`);
}

test("an anonymous page is served from the cache, its inline scripts allowed by hash, with ETag and 304", async ({ request }) => {
  const first = await request.get("/genre/horror?utm_source=e2e");
  expect(first.status()).toBe(200);
  const second = await request.get("/genre/horror");
  expect(second.headers()["x-page-cache"]).toBe("hit");
  const html = await second.text();
  expect(html).toBe(await first.text());
  expect(html).not.toContain("nonce=");

  const headers = second.headers();
  expect(headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
  expect(headers.vary).toContain("Cookie");
  const csp = headers["content-security-policy"]!;
  expect(csp).not.toContain("'nonce-");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  const hashes = inlineScriptHashes(html);
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(csp).toContain(hash);

  const etag = headers.etag!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const notModified = await request.get("/genre/horror", { headers: { "If-None-Match": etag } });
  expect(notModified.status()).toBe(304);
  expect(await notModified.body()).toHaveLength(0);

  const head = await request.head("/genre/horror");
  expect(head.status()).toBe(200);
  expect(head.headers().etag).toBe(etag);
});

/** A raw GET, so the test sees the bytes as sent (Playwright and fetch decode them). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("a cached page is sent in the coding the browser accepts, compressed once, with a validator per coding", async ({ baseURL }) => {
  const url = `${baseURL}/how-to-download`;
  await rawGet(url, {});
  const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, none: (b: Buffer) => b };
  const answers = {
    br: await rawGet(url, { "accept-encoding": "gzip, deflate, br" }),
    gzip: await rawGet(url, { "accept-encoding": "gzip" }),
    none: await rawGet(url, { "accept-encoding": "br;q=0, gzip;q=0" }),
  };
  for (const [coding, answer] of Object.entries(answers) as [keyof typeof answers, (typeof answers)["br"]][]) {
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe(coding === "none" ? undefined : coding);
    expect(answer.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    // Each answer decodes to the page its own validator names (other tests may change pages meanwhile).
    const html = decoders[coding](answer.body);
    expect(html.toString("utf8")).toContain("</html>");
    const hash = crypto.createHash("sha256").update(html).digest("base64url").slice(0, 32);
    expect(answer.headers.etag).toBe(coding === "none" ? `"${hash}"` : `"${hash}-${coding}"`);
  }
  expect(answers.br.body.length).toBeLessThan(answers.none.body.length / 3);
  const revalidated = await rawGet(url, { "accept-encoding": "br", "if-none-match": answers.br.headers.etag! });
  expect([304, 200]).toContain(revalidated.status);
  if (revalidated.status === 200) expect(revalidated.headers.etag).not.toBe(answers.br.headers.etag);
  else expect(revalidated.body).toHaveLength(0);
  // The plain page's validator does not match its brotli coding.
  const other = await rawGet(url, { "accept-encoding": "br", "if-none-match": answers.none.headers.etag! });
  expect(other.status).toBe(200);
  expect(other.headers["content-encoding"]).toBe("br");
});

test("a hit, answered in front of Express, carries the headers Express sent for the page and is counted like one", async ({ baseURL }) => {
  const url = `${baseURL}/site-disclaimer`;
  const get = () => rawGet(url, { "accept-encoding": "br", "user-agent": "Mozilla/5.0 (e2e)" });
  const hitsCounted = async () => {
    const text = await (await fetch(`${baseURL}/metrics`)).text();
    return Number(/^cinedex_page_cache_requests_total\{result="hit"\} (\d+)/m.exec(text)?.[1] ?? 0);
  };
  // Another worker's write may empty the cache between two requests: look for a miss followed by a hit.
  let pair: [Awaited<ReturnType<typeof get>>, Awaited<ReturnType<typeof get>>] | null = null;
  for (let attempt = 0; attempt < 20 && !pair; attempt++) {
    const first = await get();
    const second = await get();
    if (first.headers["x-page-cache"] !== "hit" && second.headers["x-page-cache"] === "hit" && first.headers.etag === second.headers.etag)
      pair = [first, second];
  }
  expect(pair, "a miss then a hit").not.toBeNull();
  const [express, hit] = pair!;
  const perRequest = new Set(["date", "x-request-id", "x-page-cache", "connection", "keep-alive"]);
  const stable = (headers: http.IncomingHttpHeaders) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !perRequest.has(name)));
  expect(stable(hit.headers)).toEqual(stable(express.headers));
  expect(hit.body).toEqual(express.body);
  expect(hit.headers["content-security-policy"]).toContain("'sha256-");
  expect(hit.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(hit.headers["x-request-id"]).not.toBe(express.headers["x-request-id"]);

  const before = await hitsCounted();
  let answered = await get();
  for (let attempt = 0; attempt < 20 && answered.headers["x-page-cache"] !== "hit"; attempt++) answered = await get();
  expect(answered.headers["x-page-cache"]).toBe("hit");
  expect(await hitsCounted()).toBeGreaterThan(before);
});

test("a cached page runs its scripts under the hashed CSP and navigates client-side", async ({ page }) => {
  await page.goto("/faq");
  await page.goto("/faq");
  // The inline script marks the document as scripted; a blocked script would fail the test through the console.
  await expect(page.locator("html.js")).toHaveCount(1);
  await page.getByRole("link", { name: "About Us" }).first().click();
  await expect(page).toHaveURL(/\/about-us$/);
});

test("a signed-in admin never gets a cached page and pages with sessions are private", async ({ page, admin }) => {
  await page.request.get("/faq");
  const response = await page.goto("/faq");
  expect(response!.headers()["x-page-cache"]).toBe("bypass");
  expect(response!.headers()["cache-control"]).toBe("private, no-store");
  expect(response!.headers()["content-security-policy"]).toContain("'nonce-");
  const dashboard = await page.goto("/dashboard");
  expect(dashboard!.headers()["cache-control"]).toContain("no-store");
  expect(admin.admin.id).toBeGreaterThan(0);
});

test("a link taken down disappears from the cached download page at once", async ({ page, catalogue, request }) => {
  const title = await catalogue.create({
    type: "movie",
    title: "Cached Takedown Film",
    releaseDate: "2001-01-01",
    genres: ["Drama"],
    releases: [
      {
        quality: "720p",
        files: [
          {
            title: "Cached Takedown 720p",
            links: [
              { label: "gofile", url: "https://gofile.example/cached-takedown" },
              { label: "instant", url: "https://instant.example/cached-stays" },
            ],
          },
        ],
      },
    ],
  });
  const [gone, kept] = title.releases[0]!.files[0]!.links;
  const path = `/desksync/${title.id}/null/720p/movie`;
  expect(await (await request.get(path)).text()).toContain(`/middleman?id=${gone!.id}"`);
  expect((await request.get(path)).headers()["x-page-cache"]).toBe("hit");
  // What the DMCA action does (app/modules/inbox/dmca/actions.server.ts), from another process's connection.
  await catalogue.db.transaction().execute(async (trx) => {
    await trx.updateTable("links").set({ status: "disabled" }).where("id", "=", gone!.id).execute();
    await bumpContentVersion(trx);
  });
  const after = await request.get(path);
  expect(after.headers()["x-page-cache"]).toBe("miss");
  const html = await after.text();
  expect(html).not.toContain(`/middleman?id=${gone!.id}"`);
  expect(html).toContain(`/middleman?id=${kept!.id}"`);
  await page.goto(path);
  await expect(page.locator(`a[href="/middleman?id=${gone!.id}"]`)).toHaveCount(0);
});
