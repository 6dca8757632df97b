import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { INBOX_ITEM_NOT_FOUND, STATUS_NOT_ALLOWED, type InboxStatus } from "#app/modules/inbox/inbox.ts";
import { keptNote, resolutionColumns } from "#app/modules/inbox/source.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { plural } from "#app/utils/format.ts";

/** The admin's status changes of a broken-link report group, each audited in its transaction. */

/**
 * Sets the status of a report group (the primary and every report merged into
 * it). Used by the inbox and by the title editor's automatic and one-click fixes.
 */
export async function setReportGroupStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: InboxStatus<"reports">,
  note: string | null,
  audit: { action?: string; summary?: string } = {},
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("link_reports")
      .select(["id", "primary_id", "status", "content_name"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row || row.primary_id !== null) throw new AppError(404, INBOX_ITEM_NOT_FOUND);
    if (row.status === status || (status !== "open" && row.status !== "open")) throw new AppError(409, STATUS_NOT_ALLOWED);
    const resolved = status !== "open";
    const cleanNote = keptNote(note);
    const result = await trx
      .updateTable("link_reports")
      .set({ status, resolution_note: resolved ? cleanNote : null, ...resolutionColumns(resolved, actor) })
      .where((eb) => eb.or([eb("id", "=", id), eb("primary_id", "=", id)]))
      .executeTakeFirst();
    const size = Number(result.numUpdatedRows);
    const reports = plural(size, "report");
    const verb = status === "open" ? "Reopened" : status === "fixed" ? "Marked fixed" : "Marked invalid";
    await recordAudit(trx, actor, {
      action: audit.action ?? (status === "open" ? "report.reopen" : `report.${status}`),
      entityType: "report",
      entityId: id,
      summary:
        audit.summary ??
        `${verb} the broken-link report on “${row.content_name}” (${reports})${cleanNote && resolved ? `: ${cleanNote}` : ""}`,
      details: { status, note: cleanNote, reports: size },
    });
  });
}
