import type { Db } from "#app/db/client.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import type { InboxEvent } from "#app/modules/inbox/events.ts";
import { lockForMerge } from "#app/modules/inbox/merge-lock.server.ts";
import { setReportGroupStatus } from "./actions.server.ts";
import { findReportedLink } from "./submit.server.ts";

/**
 * The link checker's broken-link reports (linkhealth/record.server.ts decides when):
 * the inbox owns link_reports, so opening and closing them happens here.
 */

/** Opens the checker's report on the link, or flags the open one a visitor filed; returns the event to notify (new reports only). */
export async function openCheckerReport(trx: Db, linkId: number, info: string, at: string): Promise<InboxEvent | null> {
  const link = await findReportedLink(trx, linkId);
  if (!link) return null;
  await lockForMerge(trx, `link:${linkId}`);
  const open = await trx
    .selectFrom("link_reports")
    .select("id")
    .where("link_id", "=", linkId)
    .where("status", "=", "open")
    .where("primary_id", "is", null)
    .orderBy("id")
    .executeTakeFirst();
  if (open) {
    await trx.updateTable("link_reports").set({ found_by_checker: true, updated_at: at }).where("id", "=", open.id).execute();
    return null;
  }
  const seasonEpisode = link.titleType === "tv" ? [link.season, link.fileTitle].filter(Boolean).join(" · ") || null : null;
  const row = await trx
    .insertInto("link_reports")
    .values({
      primary_id: null,
      link_id: linkId,
      link_url: link.url,
      title_id: link.titleId,
      content_name: link.title,
      season_episode: seasonEpisode,
      quality: link.quality,
      link_type: link.linkType,
      additional_info: info.slice(0, 1000),
      client_hash: null,
      found_by_checker: true,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    kind: "reports",
    id: Number(row.id),
    merged: false,
    summary: `Broken link found by the link checker: "${link.title}" ${link.quality} (${link.label})`,
    fields: {
      contentName: link.title,
      seasonEpisode,
      quality: link.quality,
      linkType: link.linkType,
      additionalInfo: info,
      linkId,
      linkUrl: link.url,
    },
    at,
  };
}

/** Closes as fixed the open reports the checker opened on the link (it works again). */
export async function closeCheckerReports(trx: Db, actor: Actor, linkId: number, note: string): Promise<void> {
  const open = await trx
    .selectFrom("link_reports")
    .select("id")
    .where("link_id", "=", linkId)
    .where("status", "=", "open")
    .where("primary_id", "is", null)
    .where("found_by_checker", "=", true)
    .execute();
  for (const { id } of open) {
    await setReportGroupStatus(trx, actor, Number(id), "fixed", note, {
      action: "report.fixed",
      summary: `The link checker closed the broken-link report #${id}: the link works again`,
    });
  }
}
