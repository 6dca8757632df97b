import type { Expression } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { linkIdsOfTitle, linkIdsOfTitles, titleIdOfLink } from "#app/modules/catalogue/link-refs.server.ts";

/**
 * Open broken-link report groups as the admin title list shows them (a filter and
 * a count per title; editorial/admin-titles.server.ts hands these to the catalogue's list).
 */

/** Open report groups on the title an outer query names (`titleId`, e.g. sql.ref("t.id")) or on its links, for exists(). */
export function openReportGroupsOn(db: Db, titleId: Expression<number>) {
  return db
    .selectFrom("link_reports as lr")
    .select("lr.id")
    .where("lr.status", "=", "open")
    .where("lr.primary_id", "is", null)
    .where((w) => w.or([w("lr.title_id", "=", titleId), w("lr.link_id", "in", linkIdsOfTitle(db, titleId))]));
}

/** The open report groups on these titles or their links, each with its title and its link's title. */
export async function openReportGroupsOf(
  db: Db,
  titleIds: number[],
): Promise<{ id: number; title_id: number | null; link_title_id: number | null }[]> {
  if (titleIds.length === 0) return [];
  return db
    .selectFrom("link_reports as lr")
    .select((eb) => ["lr.id", "lr.title_id", titleIdOfLink(db, eb.ref("lr.link_id")).as("link_title_id")])
    .where("lr.status", "=", "open")
    .where("lr.primary_id", "is", null)
    .where((eb) => eb.or([eb("lr.title_id", "in", titleIds), eb("lr.link_id", "in", linkIdsOfTitles(db, titleIds))]))
    .execute();
}
