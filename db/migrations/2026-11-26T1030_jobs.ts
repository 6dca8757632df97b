import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: the background-job queue of a single instance on SQLite (ADR 028). On
// PostgreSQL the queue is pg-boss's own schema; the table exists there too so both
// databases keep one schema.
//
// A job is pending until run_at, active while a worker runs it, then done or failed
// (its retries used up). slot names the schedule slot a scheduled run belongs to:
// one row per job name and slot, so a tick that comes twice enqueues once.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? "timestamptz" : "text";
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("jobs")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('pending', 'active', 'done', 'failed')`))
    .addColumn("slot", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("retry_limit", "integer", (c) => c.notNull())
    .addColumn("retry_delay_s", "integer", (c) => c.notNull())
    .addColumn("retry_backoff", "boolean", (c) => c.notNull())
    .addColumn("run_at", timestamp, (c) => c.notNull())
    .addColumn("started_at", timestamp)
    .addColumn("finished_at", timestamp)
    .addColumn("last_error", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["name", "state", "run_at"]).execute();
  await db.schema
    .createIndex("jobs_slot_idx")
    .unique()
    .on("jobs")
    .columns(["name", "slot"])
    .where(sql.ref("slot"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
}
