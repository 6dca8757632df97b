import type { Kysely } from "kysely";

// Frozen: the address a link's health was last checked at (ADR 029). When an admin
// gives the link a new address, the checker takes it at once and starts its count
// of failures afresh.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("link_health").addColumn("checked_url", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("link_health").dropColumn("checked_url").execute();
}
