import { PostgresAdapter, type Kysely } from "kysely";

// Frozen: visitor forms' submission ids (issue 29). Each form carries a random id made
// when it is shown; its row is written in the same transaction as the submission it
// stored, with the success answer, so a resend after an ambiguous failure (a 503 whose
// commit went through) is answered the same without storing again. One id per form kind.
// Rows older than a week are pruned by the app.
// Idempotency keys are now written with their effect (ADR 034): a row still "in
// progress" (status 0) was left by a request that died, so it is cleared here.

export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = db.getExecutor().adapter instanceof PostgresAdapter ? "timestamptz" : "text";
  await db.schema
    .createTable("form_submissions")
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn("submission_id", "text", (c) => c.notNull())
    // The success the form answered (JSON), replayed to a resend.
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("form_submissions_pk", ["form", "submission_id"])
    .execute();
  await db.schema.createIndex("form_submissions_created_idx").on("form_submissions").column("created_at").execute();
  await db.deleteFrom("api_idempotency").where("status", "=", 0).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("form_submissions").execute();
}
