import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: Google accounts that signed in to the Drive dashboard (DeskSync), their
// server-side sessions (tokens encrypted at rest) and their dashboard settings.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const timestamp = pg ? "timestamptz" : "text";
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("google_accounts")
    .addColumn("id", "integer", id)
    // Google's stable subject identifier; the e-mail can change.
    .addColumn("subject", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("picture", "text")
    // JSON text: username, theme and notification choices.
    .addColumn("preferences", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("google_sessions")
    // SHA-256 of the cookie's token.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "integer", (c) => c.notNull().references("google_accounts.id").onDelete("cascade"))
    // AES-256-GCM sealed JSON {accessToken, refreshToken, expiresAt}; the key derives from SESSION_SECRET.
    .addColumn("tokens", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("google_sessions_account_idx").on("google_sessions").column("account_id").execute();
  await db.schema.createIndex("google_sessions_expires_idx").on("google_sessions").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("google_sessions").execute();
  await db.schema.dropTable("google_accounts").execute();
}
