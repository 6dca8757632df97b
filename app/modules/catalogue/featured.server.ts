import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { escapeLike } from "#app/utils/sql.ts";
import { yearOf } from "#app/utils/dates.ts";
import { FEATURED_UNKNOWN, type FeaturedEntry } from "./featured.ts";

/**
 * The home carousel's curation: which titles are featured and in what order.
 * The order is `titles.featured_order` (1, 2, …), which the carousel reads
 * (read.server.ts listFeatured); the same order the seed and bulk "Feature" write.
 */

const columns = ["t.id", "t.type", "t.slug", "t.title", "t.release_date", "t.poster_url"] as const;

function toEntry(r: {
  id: number;
  type: "movie" | "tv";
  slug: string;
  title: string;
  release_date: string | null;
  poster_url: string | null;
}): FeaturedEntry {
  return {
    id: r.id,
    type: r.type,
    slug: r.slug,
    title: r.title,
    year: yearOf(r.release_date),
    posterUrl: r.poster_url,
  };
}

/** Every featured title in carousel order (the carousel itself shows the first CAROUSEL_SIZE). */
export async function listFeaturedForAdmin(db: Db): Promise<FeaturedEntry[]> {
  const rows = await db
    .selectFrom("titles as t")
    .select(columns)
    .where("t.featured", "=", true)
    .orderBy(sql`t.featured_order is null`)
    .orderBy("t.featured_order")
    .orderBy("t.uploaded_at", "desc")
    .orderBy("t.id", "desc")
    .execute();
  return rows.map(toEntry);
}

/** Titles matching the text that are not featured yet, to add to the carousel. */
export async function findFeatureCandidates(db: Db, q: string, limit = 8): Promise<FeaturedEntry[]> {
  const text = q.trim().toLowerCase().slice(0, 200);
  if (!text) return [];
  const rows = await db
    .selectFrom("titles as t")
    .select(columns)
    .where("t.featured", "=", false)
    .where(sql<boolean>`lower(t.title) like ${`%${escapeLike(text)}%`} escape '\\'`)
    .orderBy(sql`lower(t.title)`)
    .orderBy("t.id")
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

/**
 * Makes `ids` the featured titles in this order; titles featured before and left
 * out stop being featured. One audit entry, one content-version bump (the home
 * page's cache refreshes). Returns whether anything changed.
 */
export async function saveFeaturedOrder(db: Db, actor: Actor, ids: number[]): Promise<{ changed: boolean }> {
  const wanted = [...new Set(ids)];
  return inTransaction(db, async (trx) => {
    const before = await listFeaturedForAdmin(trx);
    const found = wanted.length
      ? await trx.selectFrom("titles").select(["id", "title", "featured_order"]).where("id", "in", wanted).execute()
      : [];
    if (found.length !== wanted.length) throw new AppError(400, FEATURED_UNKNOWN);
    const orderOf = new Map(found.map((r) => [r.id, r.featured_order]));
    const sameSet = before.length === wanted.length && before.every((t, i) => t.id === wanted[i]);
    const numbered = wanted.every((id, i) => orderOf.get(id) === i + 1);
    if (sameSet && numbered) return { changed: false };

    const now = new Date().toISOString();
    const dropped = before.filter((t) => !wanted.includes(t.id)).map((t) => t.id);
    if (dropped.length) {
      await trx.updateTable("titles").set({ featured: false, featured_order: null, updated_at: now }).where("id", "in", dropped).execute();
    }
    for (const [i, id] of wanted.entries()) {
      if (orderOf.get(id) === i + 1 && before.some((t) => t.id === id)) continue;
      await trx
        .updateTable("titles")
        .set({ featured: true, featured_order: i + 1, updated_at: now })
        .where("id", "=", id)
        .execute();
    }
    const names = new Map(found.map((r) => [r.id, r.title]));
    const list = wanted.map((id) => `“${names.get(id)}”`).join(", ");
    await recordAudit(trx, actor, {
      action: "featured.update",
      entityType: "settings",
      summary: wanted.length ? `Home carousel: ${list}` : "Home carousel emptied",
      details: { ids: wanted, removed: dropped },
    });
    await bumpContentVersion(trx);
    return { changed: true };
  });
}
