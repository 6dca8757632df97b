import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { linkIdsOfTitle, linkUrls } from "#app/modules/catalogue/link-refs.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import { setReportGroupStatus } from "./actions.server.ts";

/**
 * Broken-link reports meet the title editor: a report whose link was replaced
 * (deleted, or its address changed) is answered by that edit and closes itself;
 * the rest can be closed from the editor in one click.
 */

export const LINK_REPLACED_NOTE = "Link replaced";
export const FIXED_FROM_EDITOR_NOTE = "Fixed in the title editor";

/** An open report group on one of a title's links, as it was before an edit. */
export interface OpenLinkReport {
  reportId: number;
  linkId: number;
  linkUrl: string | null;
  contentName: string;
}

/**
 * The open report groups on a title's links. Taken before an edit, because
 * deleting a link clears the reports' link_id.
 */
export async function openReportsOnTitleLinks(db: Db, titleId: number): Promise<OpenLinkReport[]> {
  const rows = await db
    .selectFrom("link_reports as r")
    .select(["r.id", "r.link_id", "r.link_url", "r.content_name"])
    .where("r.link_id", "in", linkIdsOfTitle(db, titleId))
    .where("r.status", "=", "open")
    .where("r.primary_id", "is", null)
    .orderBy("r.id")
    .execute();
  return rows.map((r) => ({ reportId: r.id, linkId: r.link_id!, linkUrl: r.link_url, contentName: r.content_name }));
}

/** Open report groups on a title: on its links, or naming the title without a link. */
export async function countOpenReportsOnTitle(db: Db, titleId: number): Promise<number> {
  return (await openReportIdsOnTitle(db, titleId)).length;
}

async function openReportIdsOnTitle(db: Db, titleId: number): Promise<number[]> {
  const onLinks = (await openReportsOnTitleLinks(db, titleId)).map((r) => r.reportId);
  const onTitle = await db
    .selectFrom("link_reports")
    .select("id")
    .where("title_id", "=", titleId)
    .where("link_id", "is", null)
    .where("status", "=", "open")
    .where("primary_id", "is", null)
    .execute();
  return [...new Set([...onLinks, ...onTitle.map((r) => r.id)])].sort((a, b) => a - b);
}

/**
 * After an edit: closes as fixed every group in `before` whose link is gone or
 * now has another address. Returns the closed report ids.
 */
export async function closeReportsOfReplacedLinks(db: Db, actor: Actor, before: OpenLinkReport[]): Promise<number[]> {
  if (!before.length) return [];
  return inTransaction(db, async (trx) => {
    const urls = await linkUrls(
      trx,
      before.map((r) => r.linkId),
    );
    const closed: number[] = [];
    for (const report of before) {
      const url = urls.get(report.linkId);
      const replaced = url === undefined || (report.linkUrl !== null && url !== report.linkUrl);
      if (!replaced) continue;
      await setReportGroupStatus(trx, actor, report.reportId, "fixed", LINK_REPLACED_NOTE, {
        summary: `Closed the broken-link report on “${report.contentName}” as fixed: its link was ${url === undefined ? "deleted" : "replaced"}`,
      });
      closed.push(report.reportId);
    }
    return closed;
  });
}

/** The editor's "Mark N report(s) fixed": closes every open report group on the title. */
export async function markTitleReportsFixed(db: Db, actor: Actor, titleId: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const ids = await openReportIdsOnTitle(trx, titleId);
    for (const id of ids) await setReportGroupStatus(trx, actor, id, "fixed", FIXED_FROM_EDITOR_NOTE);
    return ids.length;
  });
}
