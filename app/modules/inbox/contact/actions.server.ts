import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { INBOX_ITEM_NOT_FOUND, STATUS_NOT_ALLOWED, type InboxStatus } from "#app/modules/inbox/inbox.ts";
import { resolutionColumns } from "#app/modules/inbox/source.server.ts";
import { AppError } from "#app/utils/errors.ts";

/** The admin's status changes of a contact message, each audited in its transaction. */

/** new → answered or archived; either back to new. */
export async function setContactStatus(db: Db, actor: Actor, id: number, status: InboxStatus<"contact">): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("contact_messages")
      .select(["id", "status", "name", "subject"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    if (row.status === status) throw new AppError(409, STATUS_NOT_ALLOWED);
    await trx
      .updateTable("contact_messages")
      .set({ status, ...resolutionColumns(status !== "new", actor) })
      .where("id", "=", id)
      .execute();
    const what = `the message from ${row.name}${row.subject ? ` (“${row.subject}”)` : ""}`;
    await recordAudit(trx, actor, {
      action: status === "new" ? "contact.reopen" : `contact.${status}`,
      entityType: "contact",
      entityId: id,
      summary: status === "new" ? `Reopened ${what}` : `Marked ${what} ${status}`,
      details: { from: row.status, to: status },
    });
  });
}
