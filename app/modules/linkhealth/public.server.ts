import type { Db } from "#app/db/client.server.ts";

/**
 * Each link's last check, as a derived table the catalogue's tree query joins
 * (getTitle's `checks` option) so the title page shows when its links were last
 * checked without a statement of its own. Link health owns the table; the catalogue
 * may not import this module (it imports the catalogue), so the route hands it over.
 */
export function linkCheckRows(db: Db) {
  return db.selectFrom("link_health").select(["link_id", "checked_url", "checked_at", "consecutive_failures", "status as health"]);
}
