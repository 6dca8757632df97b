import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { AnalyticsCounter } from "#app/modules/analytics/counter.server.ts";
import { countPageViews, searchFromCache } from "./page-views.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const counted: { views: number[]; requests: number; searches: string[] } = { views: [], requests: 0, searches: [] };

// A counter that only records what it is told (its writes are tested in counter.server.test.ts).
class Recorder extends AnalyticsCounter {
  override view(titleId: number) {
    counted.views.push(titleId);
  }
  override request() {
    counted.requests += 1;
  }
  override search(query: string) {
    counted.searches.push(query);
  }
}

let base = "";
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(countPageViews(new Recorder({} as Db, { flushMs: 0 })));
  app.get("/movie/404", (_req, res) => res.status(404).send("gone"));
  app.get("/movie/5", (_req, res) => res.redirect(301, "/movie/5/five"));
  app.get("/movie/3/three", (_req, res) => res.status(304).end());
  app.get(["/search", "/"], (req, res) => res.setHeader("X-Page-Cache", req.get("x-test-cache") ?? "miss").send("ok"));
  app.all("*splat", (_req, res) => res.send("ok"));
  await new Promise<void>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve();
    });
    close = () => server.close();
  });
});
afterAll(() => close());

it("counts a person's answered (or revalidated) title pages and page requests, not robots, prefetches, errors, redirects or posts", async () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { "user-agent": BROWSER, ...headers }, redirect: "manual" }).then((r) => r.text());
  await get("/movie/7/seven");
  await get("/movie/7/seven.data?_routes=routes%2Fsite%2Ftitle");
  await get("/search?q=x");
  await get("/movie/8", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
  await get("/movie/9", { "sec-purpose": "prefetch" });
  await get("/movie/404");
  await get("/movie/5");
  await get("/movie/3/three", { "if-none-match": '"x"' });
  await fetch(`${base}/movie/6`, { method: "POST", headers: { "user-agent": BROWSER } }).then((r) => r.text());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(counted).toEqual({ views: [7, 7, 3], requests: 4, searches: [] });
});

it("counts a search the page cache answered (its render did not), as the render would", async () => {
  counted.searches = [];
  const get = (path: string, cache: string) => fetch(`${base}${path}`, { headers: { "user-agent": BROWSER, "x-test-cache": cache } });
  await get("/search?q=Zombie%20BEES", "hit");
  await get("/?q=night", "hit");
  await get("/search?q=rendered", "miss"); // the render recorded it
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(counted.searches).toEqual(["zombie bees", "night"]);

  const from = (path: string, query: string) => searchFromCache(path, new URLSearchParams(query));
  expect(from("/search", "q=Amélie&utm_source=x")).toBe("amelie");
  expect(from("/search", "q=amelie&page=2")).toBeNull();
  expect(from("/search", "q=amelie&genre=drama")).toBeNull();
  expect(from("/search", "q=amelie&sort=newest")).toBeNull();
  expect(from("/search", "q=%20")).toBeNull();
  expect(from("/search", "")).toBeNull();
  expect(from("/genre/drama", "q=amelie")).toBeNull();
});
