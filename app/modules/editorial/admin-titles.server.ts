import type { Db } from "#app/db/client.server.ts";
import { listAdminTitles as listTitles, type AdminListOptions, type AdminTitleSummary } from "#app/modules/catalogue/admin-read.server.ts";
import { openReportGroupsOf, openReportGroupsOn } from "#app/modules/inbox/reports/title-reports.server.ts";
import type { Page } from "#app/utils/pagination.ts";

export type { AdminTitleSummary };

/** The admin's title lists: the catalogue's list with the inbox's open broken-link reports (filter and counts). */
export function listAdminTitles(db: Db, options: AdminListOptions): Promise<Page<AdminTitleSummary>> {
  return listTitles(db, options, { on: (titleId) => openReportGroupsOn(db, titleId), of: (ids) => openReportGroupsOf(db, ids) });
}
