import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "#tests/helpers/database.ts";
import { rawRequest, startInProcessApp, type InProcessApp } from "#tests/faults/fuzz-app.ts";

const TOKEN = "scrape-token-0123456789abcdef";

/** The value of one sample line, e.g. `cinedex_http_requests_total{route="…",method="GET",status="200"}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? "").split(",");
    if (wanted.every((w) => present.includes(w))) return Number(match[3]);
  }
  return 0;
}

async function scrape(app: InProcessApp, headers: Record<string, string> = {}) {
  return rawRequest(app.port, { method: "GET", path: "/metrics", headers });
}

for (const dialect of testDialects) {
  describe(`GET /metrics [${dialect}]`, () => {
    let app: InProcessApp;
    beforeAll(async () => {
      app = await startInProcessApp(dialect);
    }, 60_000);
    afterAll(async () => {
      await app?.close();
    });

    it("counts requests by route id (not by URL), times them, and counts page-cache hits and misses", async () => {
      const before = (await scrape(app)).body;
      for (let i = 0; i < 3; i++) expect((await rawRequest(app.port, { method: "GET", path: "/" })).status).toBe(200);
      expect((await rawRequest(app.port, { method: "GET", path: "/search?q=night" })).status).toBe(200);
      expect((await rawRequest(app.port, { method: "GET", path: "/search?q=dawn" })).status).toBe(200);
      await rawRequest(app.port, { method: "GET", path: "/healthz" });
      const answer = await scrape(app);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      const after = answer.body;
      const home = { route: "routes/site/home", method: "GET", status: "200" };
      expect(sample(after, "cinedex_http_requests_total", home) - sample(before, "cinedex_http_requests_total", home)).toBe(3);
      // Two URLs, one route: one label value.
      expect(sample(after, "cinedex_http_requests_total", { route: "routes/site/search", method: "GET", status: "200" })).toBe(2);
      expect(after).not.toContain("dawn");
      expect(sample(after, "cinedex_http_requests_total", { route: "routes/resources/healthz", status: "200" })).toBe(1);
      expect(sample(after, "cinedex_http_request_duration_seconds_count", { route: "routes/site/home", method: "GET" })).toBe(
        sample(before, "cinedex_http_request_duration_seconds_count", { route: "routes/site/home", method: "GET" }) + 3,
      );
      // The first home page after start was rendered (miss), the next two came from the cache.
      expect(sample(after, "cinedex_page_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(2);
      expect(sample(after, "cinedex_page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
      // Scrapes themselves are not counted.
      expect(after).not.toContain('route="metrics"');
      expect(after).toContain("process_resident_memory_bytes");
      expect(after).toContain("nodejs_eventloop_lag_seconds");
      if (dialect === "postgres") {
        expect(sample(after, "cinedex_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
        expect(after).toContain('cinedex_db_pool_connections{state="waiting"}');
        expect(sample(after, "cinedex_db_pool_max")).toBe(10);
      } else {
        expect(after).not.toContain("cinedex_db_pool_connections");
      }
    });

    it("labels what never reaches the router by its kind, and unknown paths by the route that answers them", async () => {
      // A word no metric value can contain (a number could appear in any sample by chance).
      await rawRequest(app.port, { method: "GET", path: "/no/such/page/unlisted-page-xq" });
      expect((await rawRequest(app.port, { method: "PROPFIND", path: "/" })).status).toBe(405);
      const text = (await scrape(app)).body;
      expect(text).not.toContain("unlisted-page-xq");
      expect(sample(text, "cinedex_http_requests_total", { route: "rejected", method: "OTHER" })).toBeGreaterThanOrEqual(1);
    });
  });
}

describe("who may read /metrics", () => {
  const apps: InProcessApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const start = async (env: Record<string, string>) => {
    const app = await startInProcessApp("sqlite", { env });
    apps.push(app);
    return app;
  };

  it("an address not listed is refused with 403 when no token is configured", async () => {
    const app = await start({ METRICS_ALLOW: "10.0.0.0/8" });
    const answer = await scrape(app);
    expect(answer.status).toBe(403);
    expect(answer.body).toBe("Forbidden: metrics are not available from this address.");
    expect(answer.body).not.toContain("cinedex_");
    // A token the server does not have opens nothing.
    expect((await scrape(app, { Authorization: `Bearer ${TOKEN}` })).status).toBe(403);
  }, 60_000);

  it("with a token: none or a wrong one is 401, the right one is 200 from anywhere", async () => {
    const app = await start({ METRICS_ALLOW: "10.0.0.0/8", METRICS_TOKEN: TOKEN });
    const none = await scrape(app);
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect((await scrape(app, { Authorization: "Bearer wrong-token-0123456789abcdef" })).status).toBe(401);
    expect((await scrape(app, { Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` })).status).toBe(401);
    const right = await scrape(app, { Authorization: `Bearer ${TOKEN}` });
    expect(right.status).toBe(200);
    expect(right.body).toContain("cinedex_http_requests_total");
  }, 60_000);

  it("a wrong token is refused even from an allowed address; loopback is allowed by default", async () => {
    const app = await start({ METRICS_TOKEN: TOKEN });
    expect((await scrape(app)).status).toBe(200);
    expect((await scrape(app, { Authorization: "Bearer nope-nope-nope-nope-nope" })).status).toBe(401);
  }, 60_000);

  it("METRICS=false: there is no /metrics", async () => {
    const app = await start({ METRICS: "false" });
    const answer = await scrape(app);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("cinedex_http_requests_total");
  }, 60_000);
});
