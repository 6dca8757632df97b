import { type BROKEN_REPORT_LINK_TYPES, type BROKEN_REPORT_QUALITIES } from "#app/constants.ts";
import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { linkContext, titleExists } from "#app/modules/catalogue/link-refs.server.ts";
import type { InboxEvent } from "#app/modules/inbox/events.ts";
import { lockForMerge } from "#app/modules/inbox/merge-lock.server.ts";
import type { BrokenLinkForm } from "./schema.ts";

/** What a report started from a link's page already knows about the link. */
export interface ReportedLink {
  linkId: number;
  titleId: number;
  title: string;
  titleType: "movie" | "tv";
  /** The episode (or download option) the link belongs to; null for a season's archive link. */
  fileTitle: string | null;
  season: string | null;
  label: string;
  url: string;
  /** The release quality as the report form lists it. */
  quality: (typeof BROKEN_REPORT_QUALITIES)[number];
  linkType: (typeof BROKEN_REPORT_LINK_TYPES)[number];
}

/** A release quality ("1080p 10Bit", "4k") as one of the report form's choices. */
export function reportQuality(quality: string): ReportedLink["quality"] {
  const q = quality.toLowerCase();
  if (q.startsWith("480p")) return "480p";
  if (q.startsWith("720p")) return "720p";
  if (q.startsWith("1080p")) return "1080p";
  if (q.startsWith("4k") || q.startsWith("2160p")) return "4K";
  return "Other";
}

/** A link's provider label ("gdrive", "instant") as one of the report form's link types. */
export function reportLinkType(label: string): ReportedLink["linkType"] {
  const l = label.toLowerCase();
  if (/drive/.test(l)) return "Google Drive";
  if (/instant|fast/.test(l)) return "Fast Server";
  if (/resume/.test(l)) return "Resume Download";
  if (/direct|gofile|download/.test(l)) return "Direct Download";
  return "Other";
}

/** The link a report names, or null when there is no such link. */
export async function findReportedLink(db: Db, linkId: number): Promise<ReportedLink | null> {
  if (!Number.isSafeInteger(linkId) || linkId < 1) return null;
  const row = await linkContext(db, linkId);
  if (!row) return null;
  return {
    linkId: row.id,
    titleId: row.titleId,
    title: row.title.title,
    titleType: row.title.type,
    fileTitle: row.fileTitle,
    season: row.season,
    label: row.label,
    url: row.url,
    quality: reportQuality(row.quality),
    linkType: reportLinkType(row.label),
  };
}

export interface SubmittedReport {
  event: InboxEvent;
  /** The first open report on the same link, which this one joined; null when it is the first. */
  primaryId: number | null;
}

/**
 * Stores a broken-link report as typed. A report that names a link keeps the
 * link's id, its URL as it is now and its title; while a report on that link is
 * open, later ones point at it (primary_id), so the inbox shows the link once.
 */
export async function submitLinkReport(db: Db, form: BrokenLinkForm, clientHash: string | null): Promise<SubmittedReport> {
  const at = new Date().toISOString();
  const link = form.linkId === null ? null : await findReportedLink(db, form.linkId);
  const titleId = link?.titleId ?? (form.titleId === null ? null : (await titleExists(db, form.titleId)) ? form.titleId : null);
  const { id, primaryId } = await inTransaction(db, async (trx) => {
    if (link) await lockForMerge(trx, `link:${link.linkId}`);
    const primary = link
      ? await trx
          .selectFrom("link_reports")
          .select("id")
          .where("link_id", "=", link.linkId)
          .where("status", "=", "open")
          .where("primary_id", "is", null)
          .orderBy("id")
          .executeTakeFirst()
      : undefined;
    const row = await trx
      .insertInto("link_reports")
      .values({
        primary_id: primary ? Number(primary.id) : null,
        link_id: link?.linkId ?? null,
        link_url: link?.url ?? null,
        title_id: titleId === null ? null : Number(titleId),
        content_name: form.contentName,
        season_episode: form.seasonEpisode,
        quality: form.quality,
        link_type: form.linkType,
        additional_info: form.additionalInfo,
        client_hash: clientHash,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), primaryId: primary ? Number(primary.id) : null };
  });
  return {
    primaryId,
    event: {
      kind: "reports",
      id: primaryId ?? id,
      merged: primaryId !== null,
      summary: `Broken link: "${form.contentName.trim()}" ${form.quality} (${form.linkType})`,
      fields: {
        contentName: form.contentName,
        seasonEpisode: form.seasonEpisode,
        quality: form.quality,
        linkType: form.linkType,
        additionalInfo: form.additionalInfo,
        linkId: link?.linkId ?? null,
        linkUrl: link?.url ?? null,
      },
      at,
    },
  };
}
