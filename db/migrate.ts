import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationResult } from "kysely";
import { migrations } from "./migrations/index.ts";

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: MigrationResult[],
  ) {
    super(message);
    this.name = "MigrationError";
  }
}

/** The migrator for a database, its bookkeeping tables in the current schema. */
async function migratorFor(db: Kysely<any>): Promise<Migrator> {
  // On PostgreSQL the bookkeeping tables are named with the current schema: Kysely
  // otherwise finds them in any schema of the database and may skip creating ours.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  // Branches add migrations in parallel, so one may be named before another already applied.
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema,
    allowUnorderedMigrations: true,
  });
}

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${failed} failed: ${reason}`, results);
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The names of the migrations this build knows that the database has not had (empty: the schema is current). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrator = await migratorFor(db);
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Brings the schema to just after the named migration (tests of a migration's upgrade path). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await (await migratorFor(db)).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
