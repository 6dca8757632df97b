import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Frozen: API tokens (ADR 034) and the answers to POSTs sent with an Idempotency-Key.
// A token row keeps only the SHA-256 of its secret; `prefix` is the secret's first
// characters, shown so an operator can tell tokens apart.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const timestamp = pg ? "timestamptz" : "text";
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("expires_at", timestamp)
    .addColumn("last_used_at", timestamp)
    .addColumn("revoked_at", timestamp)
    .execute();
  await db.schema
    .createTable("api_idempotency")
    .addColumn("token_id", "integer", (c) => c.notNull().references("api_tokens.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    // SHA-256 of method, path and body: the same key with another request is refused.
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("api_idempotency_pk", ["token_id", "key"])
    .execute();
  await db.schema.createIndex("api_idempotency_expires_idx").on("api_idempotency").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_idempotency").execute();
  await db.schema.dropTable("api_tokens").execute();
}
