import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { titleRefs } from "#app/modules/catalogue/link-refs.server.ts";
import { LIMITS } from "#app/modules/inbox/forms.ts";
import { INBOX_ITEM_NOT_FOUND, STATUS_NOT_ALLOWED } from "#app/modules/inbox/inbox.ts";
import { resolutionColumns } from "#app/modules/inbox/source.server.ts";
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
    if (change.status === "pending" ? row.status === "pending" : row.status !== "pending") throw new AppError(409, STATUS_NOT_ALLOWED);
    const { columns, audit } = await requestChange(trx, row.title, change);
    await trx
      .updateTable("content_requests")
      .set({ ...columns, ...resolutionColumns(change.status !== "pending", actor) })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, { entityType: "request", entityId: id, ...audit });
  });
}

/** What a change writes besides the resolution columns, and its audit entry; refuses a fulfilment without a title and a decline without a reason. */
async function requestChange(trx: Db, requested: string, change: RequestChange) {
  switch (change.status) {
    case "pending":
      return {
        columns: { status: "pending" as const, fulfilled_title_id: null, decline_reason: null },
        audit: { action: "request.reopen", summary: `Reopened the request for “${requested}”` },
      };
    case "fulfilled": {
      const title = change.fulfilledTitleId ? (await titleRefs(trx, [change.fulfilledTitleId])).get(change.fulfilledTitleId) : undefined;
      if (!title) throw new AppError(400, CHOOSE_FULFILLING_TITLE, { fields: { fulfilledTitleId: [CHOOSE_FULFILLING_TITLE] } });
      return {
        columns: { status: "fulfilled" as const, fulfilled_title_id: title.id, decline_reason: null },
        audit: {
          action: "request.fulfill",
          summary: `Marked the request for “${requested}” fulfilled by “${title.title}”`,
          details: { fulfilledTitleId: title.id },
        },
      };
    }
    case "declined": {
      const reason = change.reason.trim();
      if (!reason) throw new AppError(400, DECLINE_REASON_REQUIRED, { fields: { reason: [DECLINE_REASON_REQUIRED] } });
      return {
        columns: { status: "declined" as const, fulfilled_title_id: null, decline_reason: reason.slice(0, LIMITS.note) },
        audit: { action: "request.decline", summary: `Declined the request for “${requested}”: ${reason}`, details: { reason } },
      };
    }
  }
}
