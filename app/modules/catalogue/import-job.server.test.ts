import { sql } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseTarget } from "#app/db/client.server.ts";
import type { JobRunner } from "#app/modules/jobs/jobs.server.ts";
import { createJobRunner } from "#app/modules/jobs/runner.server.ts";
import { createTestDatabase, testDialects, withPgClient, type TestDatabase } from "#tests/helpers/database.ts";
import {
  claimImportRun,
  createImportRun,
  getImportRun,
  IMPORT_JOB,
  importJob,
  prepareImport,
  runImport,
  type ImportJobData,
} from "./import.server.ts";

const logger = pino({ level: "silent" });
const WAIT = { timeout: 30_000, interval: 100 };
const operator = { id: null, name: "cli" };

const csv = (n: number, offset = 0) =>
  [
    "key,type,title,tmdb_id,genres,quality,file_title,link_label,link_url",
    ...Array.from(
      { length: n },
      (_, i) =>
        `k${offset + i},movie,Job Title ${offset + i},${9_000 + offset + i},Drama,1080p,Part 1,mega,https://mega.example/${offset + i}`,
    ),
  ].join("\n");

for (const dialect of testDialects) {
  describe(`the import job [${dialect}]`, () => {
    let handle: TestDatabase;
    let target: DatabaseTarget;
    let queueSchema: string | undefined;
    const runners: JobRunner[] = [];

    beforeAll(async () => {
      handle = await createTestDatabase(dialect);
      if (dialect === "postgres") {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
        target = { dialect: "postgres", url: process.env.TEST_DATABASE_URL!, schema: rows[0]!.schema };
        queueSchema = `${rows[0]!.schema}_jobs`;
      } else {
        target = { dialect: "sqlite", file: "unused" };
      }
    });
    afterEach(async () => {
      await Promise.all(runners.splice(0).map((r) => r.stop()));
    });
    afterAll(async () => {
      await handle.destroy();
      if (queueSchema) await withPgClient(process.env.TEST_DATABASE_URL!, (c) => c.query(`drop schema if exists ${queueSchema} cascade`));
    });

    it("applies a claimed run through the job runner, batch by batch, and the run shows its progress", async () => {
      const progress: number[] = [];
      const runner = createJobRunner(handle, target, { logger, tickMs: 200, maintenanceSeconds: 1 });
      runners.push(runner);
      runner.define(importJob({ db: handle.db }, { batchSize: 2, onProgress: (run) => progress.push(run.done) }));
      await runner.start();

      const prepared = await prepareImport(handle.db, csv(5), { format: "csv" });
      expect(prepared.plan.errors).toEqual([]);
      const run = await createImportRun(handle.db, operator, { name: "job.csv", format: "csv" }, prepared);
      await claimImportRun(handle.db, run.id);
      await runner.enqueue<ImportJobData>(IMPORT_JOB, { runId: run.id, actor: operator });

      await vi.waitFor(
        async () => expect(await getImportRun(handle.db, run.id)).toMatchObject({ status: "done", done: 5, created: 5 }),
        WAIT,
      );
      expect(progress).toEqual([2, 4, 5]);
      const titles = await handle.db.selectFrom("titles").select("title").orderBy("id").execute();
      expect(titles.map((t) => t.title)).toEqual(["Job Title 0", "Job Title 1", "Job Title 2", "Job Title 3", "Job Title 4"]);
    });

    it("a retried job takes back a run that failed, and finishes it", async () => {
      const runner = createJobRunner(handle, target, { logger, tickMs: 200, maintenanceSeconds: 1 });
      runners.push(runner);
      // The first attempt dies after its first batch, as a process killed mid-import would.
      let crashed = false;
      const attempts: number[] = [];
      const job = importJob(
        { db: handle.db },
        {
          batchSize: 1,
          onProgress: () => {
            if (crashed) return;
            crashed = true;
            throw new Error("killed");
          },
        },
      );
      runner.define<ImportJobData>({
        ...job,
        retry: { limit: 1, delaySeconds: 1, backoff: false },
        run: (data, attempt) => (attempts.push(attempt.attempt), job.run(data, attempt)),
      });
      await runner.start();
      const prepared = await prepareImport(handle.db, csv(3, 100), { format: "csv" });
      const run = await createImportRun(handle.db, operator, { name: "retry.csv", format: "csv" }, prepared);
      await claimImportRun(handle.db, run.id);
      await runner.enqueue<ImportJobData>(IMPORT_JOB, { runId: run.id, actor: operator });
      await vi.waitFor(
        async () => expect(await getImportRun(handle.db, run.id)).toMatchObject({ status: "done", done: 3, created: 3 }),
        WAIT,
      );
      expect(attempts).toEqual([1, 2]);
    });

    it.runIf(dialect === "postgres")(
      "vacuums the catalogue's tables after the import (PostgreSQL), so search is fast at once",
      async () => {
        const prepared = await prepareImport(handle.db, csv(4, 200), { format: "csv" });
        const run = await createImportRun(handle.db, operator, { name: "vacuum.csv", format: "csv" }, prepared);
        await runImport(handle.db, operator, run.id);
        const stats = () =>
          sql<{ relname: string; last_vacuum: Date | null; last_analyze: Date | null }>`
          select relname, last_vacuum, last_analyze from pg_stat_user_tables
          where schemaname = current_schema() and relname in ('titles', 'links', 'search_documents', 'search_keys')`
            .execute(handle.db)
            .then((r) => r.rows);
        await vi.waitFor(async () => {
          const rows = await stats();
          expect(rows).toHaveLength(4);
          for (const row of rows) {
            expect(row.last_vacuum, row.relname).not.toBeNull();
            expect(row.last_analyze, row.relname).not.toBeNull();
          }
        }, WAIT);
      },
    );
  });
}
