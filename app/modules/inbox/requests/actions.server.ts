import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { titleRefs } from "#app/modules/inbox/catalogue-refs.server.ts";
import { LIMITS } from "#app/modules/inbox/forms.ts";
import { INBOX_ITEM_NOT_FOUND, STATUS_NOT_ALLOWED } from "#app/modules/inbox/inbox.ts";
import { nowIso } from "#app/modules/inbox/source.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { CHOOSE_FULFILLING_TITLE, DECLINE_REASON_REQUIRED } from "./schema.ts";

/** The admin's triage of a content request, each change audited in its transaction. */

export type RequestChange =
  { status: "fulfilled"; fulfilledTitleId: number | null } | { status: "declined"; reason: string } | { status: "pending" };

/** pending → fulfilled (by a catalogue title) or declined (with a reason); either back to pending. */
export async function setRequestStatus(db: Db, actor: Actor, id: number, change: RequestChange): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("content_requests").select(["id", "title", "status"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    const at = nowIso();
    if (change.status === "pending") {
      if (row.status === "pending") throw new AppError(409, STATUS_NOT_ALLOWED);
      await trx
        .updateTable("content_requests")
        .set({ status: "pending", fulfilled_title_id: null, decline_reason: null, resolved_at: null, resolved_by: null, updated_at: at })
        .where("id", "=", id)
        .execute();
      await recordAudit(trx, actor, {
        action: "request.reopen",
        entityType: "request",
        entityId: id,
        summary: `Reopened the request for “${row.title}”`,
      });
      return;
    }
    if (row.status !== "pending") throw new AppError(409, STATUS_NOT_ALLOWED);
    if (change.status === "fulfilled") {
      const title = change.fulfilledTitleId ? (await titleRefs(trx, [change.fulfilledTitleId])).get(change.fulfilledTitleId) : undefined;
      if (!title) throw new AppError(400, CHOOSE_FULFILLING_TITLE, { fields: { fulfilledTitleId: [CHOOSE_FULFILLING_TITLE] } });
      await trx
        .updateTable("content_requests")
        .set({
          status: "fulfilled",
          fulfilled_title_id: title.id,
          decline_reason: null,
          resolved_at: at,
          resolved_by: actor.id,
          updated_at: at,
        })
        .where("id", "=", id)
        .execute();
      await recordAudit(trx, actor, {
        action: "request.fulfill",
        entityType: "request",
        entityId: id,
        summary: `Marked the request for “${row.title}” fulfilled by “${title.title}”`,
        details: { fulfilledTitleId: title.id },
      });
      return;
    }
    const reason = change.reason.trim();
    if (!reason) throw new AppError(400, DECLINE_REASON_REQUIRED, { fields: { reason: [DECLINE_REASON_REQUIRED] } });
    await trx
      .updateTable("content_requests")
      .set({
        status: "declined",
        decline_reason: reason.slice(0, LIMITS.note),
        fulfilled_title_id: null,
        resolved_at: at,
        resolved_by: actor.id,
        updated_at: at,
      })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "request.decline",
      entityType: "request",
      entityId: id,
      summary: `Declined the request for “${row.title}”: ${reason}`,
      details: { reason },
    });
  });
}
