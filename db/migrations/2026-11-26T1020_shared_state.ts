import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: state several instances on one PostgreSQL share (ADR 027). On SQLite the
// server is one process and keeps this state in memory, so no tables are made there.
// - rate_limits: rate-limiter-flexible's PostgreSQL store, in the exact shape that
//   library creates (key, points, expire in epoch ms).
// - shared_cache: answers of external APIs (TMDB) and their back-off, JSON text
//   with an expiry in epoch ms; pruned by the app.
// Both are UNLOGGED: no write-ahead log, so a write costs no disk flush; after a
// crash PostgreSQL empties them, which costs a minute of counts and a refetch.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createTable("rate_limits")
    .modifyFront(sql`unlogged`)
    .addColumn("key", "varchar(255)", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
  await db.schema.createIndex("rate_limits_expire").on("rate_limits").column("expire").execute();
  await db.schema
    .createTable("shared_cache")
    .modifyFront(sql`unlogged`)
    .addColumn("key", "varchar(255)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("shared_cache_expires_at").on("shared_cache").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.dropTable("shared_cache").execute();
  await db.schema.dropTable("rate_limits").execute();
}
