import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: admin accounts, their server-side sessions, every login attempt (for
// lockout and the security log) and the audit log of admin actions.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const timestamp = pg ? "timestamptz" : "text";
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("admins")
    .addColumn("id", "integer", id)
    // Stored lowercased, so the unique index ignores case.
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("admin"))
    .addColumn("disabled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("bio", "text")
    .addColumn("location", "text")
    // JSON text: theme and notification choices.
    .addColumn("preferences", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn("password_changed_at", timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("admin_sessions")
    // SHA-256 of the cookie's token: a copy of this table does not sign anyone in.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("persistent", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("last_seen_at", timestamp, (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("admin_sessions_admin_idx").on("admin_sessions").column("admin_id").execute();
  await db.schema.createIndex("admin_sessions_expires_idx").on("admin_sessions").column("expires_at").execute();

  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "integer", id)
    .addColumn("at", timestamp, (c) => c.notNull())
    // The address typed, normalised; the account it names, when one does.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("admin_id", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("client", "text", (c) => c.notNull())
    // success | failure | locked | throttled
    .addColumn("outcome", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_attempts_email_at_idx").on("login_attempts").columns(["email", "at"]).execute();
  await db.schema.createIndex("login_attempts_client_at_idx").on("login_attempts").columns(["client", "at"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", id)
    .addColumn("at", timestamp, (c) => c.notNull())
    .addColumn("admin_id", "integer", (c) => c.references("admins.id").onDelete("set null"))
    // Kept as written, so the log still names an account that was later removed.
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "integer")
    .addColumn("summary", "text", (c) => c.notNull())
    // JSON text with the details of the change.
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity_type", "entity_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("login_attempts").execute();
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema.dropTable("admins").execute();
}
