import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { toBool, toCount } from "#app/db/dialect.server.ts";
import { linkRefs, titleRefs, type CatalogueLinkRef, type CatalogueTitleRef } from "#app/modules/catalogue/link-refs.server.ts";
import type { InboxStatus } from "#app/modules/inbox/inbox.ts";
import {
  listNewestFirst,
  noCandidates,
  nowIso,
  resolutionOf,
  type InboxKindSource,
  type Resolution,
} from "#app/modules/inbox/source.server.ts";
import { setReportGroupStatus } from "./actions.server.ts";
import { REPORT_TRIAGE_MESSAGES } from "./schema.ts";

/**
 * Broken-link reports in the admin inbox. Reports on the same open link form a
 * group under the first (primary_id): the list shows the group once, as its
 * primary, and opening it opens the whole group.
 */

/** One visitor's report within a group. */
export interface ReportEntry {
  id: number;
  seasonEpisode: string | null;
  quality: string | null;
  linkType: string | null;
  additionalInfo: string | null;
  linkUrl: string | null;
  createdAt: string;
}

export interface ReportDetail extends Resolution {
  kind: "reports";
  id: number;
  contentName: string;
  status: InboxStatus<"reports">;
  resolutionNote: string | null;
  /** The link as reported; `link` is what the catalogue holds now (null once deleted). */
  linkUrl: string | null;
  link: CatalogueLinkRef | null;
  /** True when the catalogue's link no longer has the reported address. */
  linkReplaced: boolean;
  /** The link checker found the link failing (it opened the report, or flagged a visitor's). */
  foundByChecker: boolean;
  title: CatalogueTitleRef | null;
  createdAt: string;
  /** The primary first, then the reports merged into it. */
  reports: ReportEntry[];
}

export async function getReportDetail(db: Db, id: number): Promise<ReportDetail | null> {
  const primary = await db.selectFrom("link_reports").selectAll().where("id", "=", id).executeTakeFirst();
  // A merged report opens as its group.
  if (!primary || primary.primary_id !== null) return null;
  const merged = await db.selectFrom("link_reports").selectAll().where("primary_id", "=", id).orderBy("id").execute();
  const link = primary.link_id ? ((await linkRefs(db, [primary.link_id])).get(primary.link_id) ?? null) : null;
  const titleId = link?.titleId ?? primary.title_id;
  const title = titleId ? ((await titleRefs(db, [titleId])).get(titleId) ?? null) : null;
  return {
    kind: "reports",
    id: primary.id,
    contentName: primary.content_name,
    status: primary.status,
    resolutionNote: primary.resolution_note,
    linkUrl: primary.link_url,
    link,
    foundByChecker: toBool(primary.found_by_checker),
    linkReplaced: primary.link_id !== null && (link === null || (primary.link_url !== null && link.url !== primary.link_url)),
    title,
    createdAt: String(primary.created_at),
    ...(await resolutionOf(db, primary)),
    reports: [primary, ...merged].map((r) => ({
      id: r.id,
      seasonEpisode: r.season_episode,
      quality: r.quality,
      linkType: r.link_type,
      additionalInfo: r.additional_info,
      linkUrl: r.link_url,
      createdAt: String(r.created_at),
    })),
  };
}

export const reportsInbox: InboxKindSource<ReportDetail> = {
  list(db, params) {
    // A group is listed once, as its primary; it is unread while any of its reports is.
    return listNewestFirst(db.selectFrom("link_reports as r").where("r.primary_id", "is", null), params, {
      search: ["r.content_name", "r.link_url", "r.additional_info", "r.season_episode"],
      select: (rows) =>
        rows.select((eb) => {
          const merged = eb
            .selectFrom("link_reports as m")
            .select(sql<number | string>`count(*)`.as("n"))
            .whereRef("m.primary_id", "=", "r.id");
          return [
            "r.id",
            "r.content_name",
            "r.season_episode",
            "r.quality",
            "r.link_type",
            "r.status",
            "r.read_at",
            "r.created_at",
            "r.found_by_checker",
            merged.as("merged"),
            merged.where("m.read_at", "is", null).as("merged_unread"),
          ];
        }),
      toRow: (r) => ({
        title: r.content_name,
        detail:
          [toBool(r.found_by_checker) ? "found by the link checker" : null, r.season_episode, r.quality, r.link_type]
            .filter(Boolean)
            .join(" · ") || null,
        unread: r.read_at === null || toCount(r.merged_unread) > 0,
        count: 1 + toCount(r.merged),
      }),
      alias: "r.",
    });
  },
  async countUnread(db) {
    const { n } = await db
      .selectFrom("link_reports")
      .select(sql<number | string>`count(distinct coalesce(primary_id, id))`.as("n"))
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow();
    return toCount(n);
  },
  async markRead(db, id) {
    await db
      .updateTable("link_reports")
      .set({ read_at: nowIso() })
      .where((eb) => eb.or([eb("id", "=", id), eb("primary_id", "=", id)]))
      .where("read_at", "is", null)
      .execute();
  },
  detail: getReportDetail,
  candidates: noCandidates,
  async reopen(db, actor, id) {
    await setReportGroupStatus(db, actor, id, "open", null);
    return REPORT_TRIAGE_MESSAGES.reopened;
  },
};
