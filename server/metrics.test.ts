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
  it("database faults and link checks count; job figures are read at scrape time, once per scrape", async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.databaseFault();
    metrics.databaseFault();
    metrics.recordLinkCheck("broken");
    metrics.recordLinkChecks({ checked: 3, ok: 2, failed: 1, inconclusive: 0, deferred: 0, markedBroken: 1, recovered: 0 });
    metrics.recordJob("notify.deliver", "retried");
    metrics.recordJob("notify.deliver", "completed");
    let reads = 0;
    let queued = 3;
    metrics.observeJobs(async () => {
      reads += 1;
      return [
        { name: "notify", queued, active: 1, failed: 2, failures: 5 },
        { name: "prune", queued: 0, active: 0, failed: 0, failures: 0 },
      ];
    });
    let text = await metrics.registry.metrics();
    expect(text).toContain("cinedex_database_faults_total 2");
    expect(text).toContain('cinedex_link_checks_total{result="broken"} 1');
    expect(text).toContain('cinedex_link_checks_total{result="ok"} 2');
    expect(text).toContain('cinedex_link_checks_total{result="marked_broken"} 1');
    expect(text).not.toContain('cinedex_link_checks_total{result="recovered"}');
    expect(text).toContain('cinedex_job_runs_total{job="notify.deliver",outcome="retried"} 1');
    expect(text).toContain('cinedex_job_queue_depth{job="notify"} 3');
    expect(text).toContain('cinedex_jobs_active{job="notify"} 1');
    expect(text).toContain('cinedex_jobs_failed{job="notify"} 2');
    expect(text).toContain('cinedex_job_attempt_failures_total{job="notify"} 5');
    expect(text).toContain('cinedex_job_queue_depth{job="prune"} 0');
    expect(reads).toBe(1);
    queued = 0;
    await new Promise((r) => setTimeout(r, 0));
    text = await metrics.registry.metrics();
    expect(text).toContain('cinedex_job_queue_depth{job="notify"} 0');
    expect(text).toContain('cinedex_job_attempt_failures_total{job="notify"} 5');
    expect(reads).toBe(2);
    expect(text).not.toContain("process_cpu");
  });

  it("a job queue that cannot be read leaves its figures out; the rest still answers", async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.observeJobs(() => Promise.reject(new Error("connection refused")));
    metrics.databaseFault();
    const text = await metrics.registry.metrics();
    expect(text).toContain("cinedex_database_faults_total 1");
    expect(text).not.toMatch(/^cinedex_job_queue_depth\{/m);
  });
});
