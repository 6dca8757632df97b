import { sql, type Kysely } from "kysely";

// Frozen: API tokens follow the account that made them (ADR 034). `created_by` was
// kept from the start (set null when the account is deleted); from now on a token
// whose creator is deleted or disabled is refused, and disabling an account revokes
// its tokens. The tokens this rule already covers are revoked here, so Settings → API
// tokens shows them as revoked rather than as active tokens that are refused. The
// index serves the revoke when an account is disabled.

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable("api_tokens")
    .set({ revoked_at: now })
    .where("revoked_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("created_by", "is", null),
        eb(
          "created_by",
          "in",
          eb
            .selectFrom("admins")
            .select("id")
            .where("disabled", "=", sql<boolean>`true`),
        ),
      ]),
    )
    .execute();
  await db.schema.createIndex("api_tokens_created_by_idx").on("api_tokens").column("created_by").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("api_tokens_created_by_idx").execute();
}
