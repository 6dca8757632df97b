import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createMetrics, routeResolver } from "./metrics.ts";

/** A build's route manifest as React Router writes it: flat, children naming their parent. */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/site/home": { id: "routes/site/home", parentId: "root", index: true },
    genre: { id: "genre", parentId: "root", path: "genre/:category" },
    "routes/site/title": { id: "routes/site/title", parentId: "root", path: "movie/:id/:slug?" },
    "routes/admin/layout": { id: "routes/admin/layout", parentId: "root" },
    "admin-movies": { id: "admin-movies", parentId: "routes/admin/layout", path: "dashboard/movies" },
    "admin-movie-edit": { id: "admin-movie-edit", parentId: "admin-movies", path: ":id" },
    "routes/site/not-found": { id: "routes/site/not-found", parentId: "root", path: "*" },
  },
} as unknown as ServerBuild;

describe("route ids for labels", () => {
  it("names the deepest matching route, through layouts and optional segments, never the URL", async () => {
    const resolve = routeResolver(async () => build);
    await new Promise((r) => setTimeout(r, 0));
    expect(resolve("/")).toBe("routes/site/home");
    expect(resolve("/genre/horror")).toBe("genre");
    expect(resolve("/movie/12")).toBe("routes/site/title");
    expect(resolve("/movie/12/night-of-the-living-dead")).toBe("routes/site/title");
    expect(resolve("/dashboard/movies")).toBe("admin-movies");
    expect(resolve("/dashboard/movies/7")).toBe("admin-movie-edit");
    expect(resolve("/wp-login.php")).toBe("routes/site/not-found");
  });

  it("says unknown until a build that failed to load loads on a later request", async () => {
    let attempts = 0;
    const resolve = routeResolver(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("not yet");
      return build;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(resolve("/")).toBe("unknown");
    await new Promise((r) => setTimeout(r, 0));
    expect(resolve("/")).toBe("routes/site/home");
    expect(attempts).toBe(2);
  });
});

describe("metrics other parts of the server report into", () => {
  it("database faults, jobs, link checks and the queue depth read at scrape time", async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.databaseFault();
    metrics.databaseFault();
    metrics.recordJob("link-check", "completed");
    metrics.recordJob("notify", "failed");
    metrics.recordLinkCheck("broken");
    let depth = 3;
    metrics.setQueueDepthSource(async () => ({ "link-check": depth, notify: 0 }));
    let text = await metrics.registry.metrics();
    expect(text).toContain("cinedex_database_faults_total 2");
    expect(text).toContain('cinedex_jobs_total{queue="link-check",outcome="completed"} 1');
    expect(text).toContain('cinedex_jobs_total{queue="notify",outcome="failed"} 1');
    expect(text).toContain('cinedex_link_checks_total{result="broken"} 1');
    expect(text).toContain('cinedex_job_queue_depth{queue="link-check"} 3');
    depth = 0;
    text = await metrics.registry.metrics();
    expect(text).toContain('cinedex_job_queue_depth{queue="link-check"} 0');
    expect(text).not.toContain("process_cpu");
  });
});
