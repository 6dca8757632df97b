import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Frozen: one row per catalogue import. The validated titles are stored with the
// run, and `done` counts how many of them are applied, in the same transaction as
// each batch, so an interrupted apply resumes at the first title not yet written.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const timestamp = pg ? "timestamptz" : "text";
  await db.schema
    .createTable("import_runs")
    .addColumn("id", "integer", id)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("admin_id", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("source_name", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    // JSON text: the validated titles, in file order.
    .addColumn("items", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
    // JSON text: the dry run's counts.
    .addColumn("plan", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("import_runs_created_idx").on("import_runs").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("import_runs").execute();
}
