import type { Db } from "#app/db/client.server.ts";

/**
 * Visitor forms' submission ids (see submission-id.ts): the row is written first in
 * the submission's own transaction, so a resend racing the first waits on it and then
 * finds the answer, and a fault before the commit leaves no trace (the resend stores).
 */

/** How long a resend is recognised: far longer than anyone retries a form. */
export const SUBMISSION_ID_TTL_MS = 7 * 86_400_000;

/** The success an earlier submission with this id answered, or null (old ids are pruned on the way). */
export async function answerOfSubmission<T>(db: Db, form: string, submissionId: string, now = new Date()): Promise<T | null> {
  await db
    .deleteFrom("form_submissions")
    .where("created_at", "<=", new Date(now.getTime() - SUBMISSION_ID_TTL_MS).toISOString())
    .execute();
  const row = await db
    .selectFrom("form_submissions")
    .select("answer")
    .where("form", "=", form)
    .where("submission_id", "=", submissionId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.answer) as T) : null;
}

/** Takes the id inside the submission's transaction; false when another request has it (it waited for that one's commit). */
export async function claimSubmission(trx: Db, form: string, submissionId: string, now = new Date()): Promise<boolean> {
  const row = await trx
    .insertInto("form_submissions")
    .values({ form, submission_id: submissionId, answer: "null", created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["form", "submission_id"]).doNothing())
    .returning("form")
    .executeTakeFirst();
  return row !== undefined;
}

/** The answer to replay, written before the transaction commits. */
export async function keepSubmissionAnswer(trx: Db, form: string, submissionId: string, answer: unknown): Promise<void> {
  await trx
    .updateTable("form_submissions")
    .set({ answer: JSON.stringify(answer) })
    .where("form", "=", form)
    .where("submission_id", "=", submissionId)
    .execute();
}
