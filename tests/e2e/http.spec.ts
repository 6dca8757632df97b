import net from "node:net";
import { expect, test } from "@playwright/test";

// The production server over plain HTTP: headers, limits, redirects and errors.

/** Sends raw request bytes and resolves with the response's status code, without sending any body. */
function statusOfRaw(baseURL: string, head: string): Promise<number> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(`${head}\r\nHost: ${url.host}\r\n\r\n`));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match) {
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.on("error", reject);
    socket.setTimeout(5_000, () => reject(new Error(`no response to ${head}`)));
  });
}

test("pages carry the security headers, and every script the page's nonce", async ({ request }) => {
  // The contact form is not a cached page (ADR 014): it is rendered per request with a nonce.
  const response = await request.get("/contact-us");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const csp = headers["content-security-policy"]!;
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(headers["cache-control"]).toBe("private, no-store");

  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  const second = await request.get("/contact-us");
  expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
});

test("pages with forms run under the CSP without a violation (Zod never probes for eval)", async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.sourceFile}`);
    });
  });
  for (const path of ["/contact-us", "/dmca", "/request", "/broken-links"]) {
    await page.goto(path);
    await expect(page.locator("html.js")).toHaveCount(1);
    // The form's validation runs in the browser too: submit it empty.
    await page.locator("main form button[type=submit]").first().click();
    await expect(page.locator("main [role=alert], main [aria-invalid=true]").first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test("a request id from a proxy is kept; a malformed one is replaced", async ({ request }) => {
  expect((await request.get("/healthz", { headers: { "X-Request-Id": "edge-42.abc" } })).headers()["x-request-id"]).toBe("edge-42.abc");
  expect((await request.get("/healthz", { headers: { "X-Request-Id": "bad id <script>" } })).headers()["x-request-id"]).toMatch(
    /^[0-9a-f-]{36}$/,
  );
});

test("fingerprinted assets are cached for good and pages are compressed", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /(\/assets\/[\w.-]+\.js)/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const page = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(page.headers()["content-encoding"]).toBe("gzip");
});

test("the health check reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
});

test("oversized and unsized request bodies are refused before the router", async ({ baseURL }) => {
  expect(await statusOfRaw(baseURL!, `POST / HTTP/1.1\r\nContent-Length: ${2 * 1024 * 1024}`)).toBe(413);
  expect(await statusOfRaw(baseURL!, "POST / HTTP/1.1\r\nTransfer-Encoding: chunked")).toBe(411);
  expect(await statusOfRaw(baseURL!, "POST / HTTP/1.1\r\nContent-Length: 12abc")).toBe(400);
});

test("listing pages outside the catalogue redirect to real ones", async ({ request }) => {
  const invalid = await request.get("/?page=abc", { maxRedirects: 0 });
  expect(invalid.status()).toBe(302);
  expect(invalid.headers()["location"]).toBe("/");
  const beyond = await request.get("/?page=9999", { maxRedirects: 0 });
  expect(beyond.status()).toBe(302);
  expect(beyond.headers()["location"]).toMatch(/^\/\?page=\d$/);
});

test("a title's URL with a wrong or missing slug redirects permanently to the right one", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const [, id, slug] = /href="\/movie\/(\d+)\/([^"#]+)"/.exec(html)!;
  for (const path of [`/movie/${id}/wrong-slug`, `/movie/${id}`]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe(`/movie/${id}/${slug}`);
  }
  expect((await request.get(`/movie/${id}/${slug}`)).status()).toBe(200);
});

test("error pages never show internals", async ({ request }) => {
  for (const path of ["/movie/abc/x", "/movie/1e9/x", "/%E0%A4%A", "/movie/%E0%A4%A/x", "/movie/99999999999999999999/x"]) {
    const response = await request.get(path);
    expect([400, 404]).toContain(response.status());
    const body = await response.text();
    expect(body).not.toMatch(/at \w+ \(|node_modules|Error:/);
  }
});

test("the production server answers /readyz for balancers and /metrics to loopback", async ({ request }) => {
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(ready.headers()["cache-control"]).toBe("no-store");
  expect(await ready.json()).toEqual({ status: "ok", database: "ok", migrations: "current" });

  await request.get("/faq");
  const metrics = await request.get("/metrics");
  expect(metrics.status()).toBe(200);
  const text = await metrics.text();
  expect(text).toMatch(/^cinedex_http_requests_total\{route="routes\/site\/help\/faq",method="GET",status="200"\} [1-9]/m);
  expect(text).toMatch(/^cinedex_http_requests_total\{route="routes\/resources\/readyz",method="GET",status="200"\} [1-9]/m);
  // The job runner's figures, read at scrape time (the prune job is always defined).
  expect(text).toMatch(/^cinedex_job_queue_depth\{job="prune"\} \d+$/m);
});

test("the stylesheet, which holds back the first paint, comes before the module preloads in the head", async ({ request }) => {
  for (const path of ["/", "/movie/1/nosferatu", "/contact-us"]) {
    const html = await (await request.get(path)).text();
    const stylesheet = html.search(/<link [^>]*rel="stylesheet"/);
    const firstPreload = html.search(/<link [^>]*rel="modulepreload"/);
    expect(stylesheet, path).toBeGreaterThan(0);
    expect(firstPreload, path).toBeGreaterThan(stylesheet);
    expect(html.indexOf("</head>"), path).toBeGreaterThan(firstPreload);
  }
});
