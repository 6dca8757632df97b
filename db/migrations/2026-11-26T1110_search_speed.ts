import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: search speed at scale (ADR 007, issue 16).
// - search_keys: one row per title key (search_documents.keys split), so exact and
//   leading title matches are a B-tree range lookup instead of LIKE over every match.
// - releases by lowercased quality, so the quality filter is an index lookup.

export async function up(db: Kysely<any>): Promise<void> {
  // Byte order on PostgreSQL too, so a prefix is one range [key, key + "{") of the index (keys are [a-z0-9 ]).
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("search_keys")
    .addColumn("key", "text", (c) => (postgres ? c.notNull().modifyFront(sql`collate "C"`) : c.notNull()))
    .addColumn("title_id", "integer", (c) => c.notNull().references("titles.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("search_keys_pk", ["key", "title_id"])
    .execute();
  await db.schema.createIndex("search_keys_title_idx").on("search_keys").column("title_id").execute();
  await sql`create index releases_quality_idx on releases (lower(quality), title_id)`.execute(db);
  // Backfill from the documents already indexed, in id order.
  let after = 0;
  for (;;) {
    const rows: { title_id: number; keys: string }[] = await db
      .selectFrom("search_documents")
      .select(["title_id", "keys"])
      .where("title_id", ">", after)
      .orderBy("title_id")
      .limit(2_000)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.title_id;
    const values = rows.flatMap((r) => [...new Set(r.keys.split("|").filter(Boolean))].map((key) => ({ key, title_id: r.title_id })));
    for (let i = 0; i < values.length; i += 2_000)
      await db
        .insertInto("search_keys")
        .values(values.slice(i, i + 2_000))
        .execute();
  }
  // Statistics now, so the planner reads the new table by key range from the start.
  if (postgres) await sql`analyze search_keys`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index releases_quality_idx`.execute(db);
  await db.schema.dropTable("search_keys").execute();
}
