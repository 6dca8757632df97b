import type { Db } from "#app/db/client.server.ts";
import { toBool } from "#app/db/dialect.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { vacuumAfterBulkWrite } from "#app/modules/search/index.server.ts";
import { indexTitles } from "./search-index.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { plural } from "#app/utils/format.ts";
import { TmdbError, type TmdbClient } from "#app/integrations/tmdb/client.server.ts";
import type { BulkAction } from "./admin-list.ts";
import { TMDB_NOT_CONFIGURED } from "./tmdb-fill.ts";
import type { TitleType } from "./types.ts";

/**
 * The admin lists' bulk actions over the selected titles: one transaction, one
 * audit entry per title that changed (the activity list reads like single edits),
 * one content-version bump. Titles that are gone or already in the wanted state
 * are counted, not errors, so a repeated or stale submission is harmless.
 */

export interface BulkRequest {
  action: BulkAction;
  ids: number[];
  /** The genre to add or remove (its id). */
  genreId?: number | undefined;
}

export interface BulkOutcome {
  /** Titles the action changed. */
  changed: number;
  /** Selected titles already as asked (or gone since the page was loaded). */
  unchanged: number;
  /** Links enabled or disabled. */
  links: number;
  /** The toast: what happened, with counts. */
  message: string;
}

export const BULK_GENRE_MISSING = "Choose a genre that still exists.";

interface Selected {
  id: number;
  type: TitleType;
  title: string;
  featured: boolean;
}

const typeWord = (type: TitleType) => (type === "movie" ? "movie" : "TV show");
const now = () => new Date().toISOString();

export const BULK_ARTWORK_NEEDS_TMDB = `${TMDB_NOT_CONFIGURED}: artwork can only be refreshed from TMDB when it is.`;

/** Artwork TMDB has for a title now, fetched before the transaction (no network call holds the database). */
type FreshArtwork = Map<number, { posterUrl: string | null; backgroundUrl: string | null } | "failed">;

/** A bulk edit of at least this many titles tidies the tables after it (vacuumAfterBulkWrite): smaller ones leave little behind. */
export const BULK_VACUUM_MIN_TITLES = 100;

export interface BulkServices {
  tmdb?: TmdbClient | null;
  /** What other modules keep about deleted titles, removed in the same transaction (editorial: their view counts). */
  forgetDeleted?: (trx: Db, ids: number[]) => Promise<void>;
}

export async function applyBulkAction(db: Db, actor: Actor, request: BulkRequest, services: BulkServices = {}): Promise<BulkOutcome> {
  const outcome = await applyInTransaction(db, actor, request, services);
  // Outside the transaction (VACUUM cannot run in one), as after an import (ADR 007).
  if (outcome.changed >= BULK_VACUUM_MIN_TITLES && !db.isTransaction) await vacuumAfterBulkWrite(db);
  return outcome;
}

async function applyInTransaction(db: Db, actor: Actor, request: BulkRequest, services: BulkServices): Promise<BulkOutcome> {
  const ids = [...new Set(request.ids)];
  const artwork = request.action === "refresh-artwork" ? await fetchArtwork(db, services.tmdb ?? null, ids) : undefined;
  return inTransaction(db, async (trx) => {
    const rows = ids.length
      ? await trx.selectFrom("titles").select(["id", "type", "title", "featured"]).where("id", "in", ids).orderBy("id").execute()
      : [];
    // The selection's order (the list's order) decides the order featured titles join the carousel.
    const byId = new Map(rows.map((r) => [r.id, { id: r.id, type: r.type, title: r.title, featured: toBool(r.featured) }]));
    const selected = ids.map((id) => byId.get(id)).filter((t): t is Selected => t !== undefined);
    const gone = ids.length - selected.length;
    const outcome = artwork ? await refreshArtwork(trx, actor, selected, artwork) : await run(trx, actor, request, selected, services);
    if (outcome.changed > 0 || outcome.links > 0) await bumpContentVersion(trx);
    return { ...outcome, unchanged: outcome.unchanged + gone };
  });
}

async function run(trx: Db, actor: Actor, request: BulkRequest, selected: Selected[], services: BulkServices): Promise<BulkOutcome> {
  const titles = (n: number) => plural(n, "title");
  const audit = (t: Selected, action: string, summary: string, details: Record<string, unknown> = {}) =>
    recordAudit(trx, actor, { action, entityType: "title", entityId: t.id, summary, details: { ...details, bulk: true } });
  const touch = (ids: number[]) =>
    ids.length ? trx.updateTable("titles").set({ updated_at: now() }).where("id", "in", ids).execute() : Promise.resolve();

  switch (request.action) {
    case "refresh-artwork":
      // Fetched before the transaction: applyBulkAction takes it to refreshArtwork.
      throw new Error("refresh-artwork is applied by refreshArtwork");
    case "delete": {
      if (selected.length) {
        const ids = selected.map((t) => t.id);
        await trx.deleteFrom("titles").where("id", "in", ids).execute();
        await services.forgetDeleted?.(trx, ids);
      }
      for (const t of selected) await audit(t, "title.delete", `Deleted the ${typeWord(t.type)} “${t.title}”`);
      return { changed: selected.length, unchanged: 0, links: 0, message: `Deleted ${titles(selected.length)}` };
    }
    case "add-genre":
    case "remove-genre": {
      const genre = request.genreId
        ? await trx.selectFrom("genres").select(["id", "name"]).where("id", "=", request.genreId).executeTakeFirst()
        : undefined;
      if (!genre) throw new AppError(400, BULK_GENRE_MISSING, { fields: { genre: [BULK_GENRE_MISSING] } });
      const ids = selected.map((t) => t.id);
      const tagged = ids.length
        ? await trx
            .selectFrom("title_genres")
            .select(["title_id", (eb) => eb.fn.max("position").as("last")])
            .where("title_id", "in", ids)
            .groupBy("title_id")
            .execute()
        : [];
      const lastPosition = new Map(tagged.map((r) => [r.title_id, Number(r.last)]));
      const having = new Set(
        ids.length
          ? (
              await trx
                .selectFrom("title_genres")
                .select("title_id")
                .where("genre_id", "=", genre.id)
                .where("title_id", "in", ids)
                .execute()
            ).map((r) => r.title_id)
          : [],
      );
      const adding = request.action === "add-genre";
      const changing = selected.filter((t) => having.has(t.id) !== adding);
      if (changing.length) {
        if (adding) {
          await trx
            .insertInto("title_genres")
            .values(changing.map((t) => ({ title_id: t.id, genre_id: genre.id, position: (lastPosition.get(t.id) ?? -1) + 1 })))
            .execute();
        } else {
          await trx
            .deleteFrom("title_genres")
            .where("genre_id", "=", genre.id)
            .where(
              "title_id",
              "in",
              changing.map((t) => t.id),
            )
            .execute();
        }
        await touch(changing.map((t) => t.id));
        // The genre filter reads the search index's tags.
        await indexTitles(
          trx,
          changing.map((t) => t.id),
        );
      }
      for (const t of changing) {
        await audit(t, "title.update", `${adding ? "Added" : "Removed"} the genre “${genre.name}” ${adding ? "to" : "from"} “${t.title}”`, {
          changed: ["genres"],
        });
      }
      const rest = selected.length - changing.length;
      const message = adding
        ? `Added “${genre.name}” to ${titles(changing.length)}${rest ? `; ${rest} already had it` : ""}`
        : `Removed “${genre.name}” from ${titles(changing.length)}${rest ? `; ${rest} did not have it` : ""}`;
      return { changed: changing.length, unchanged: rest, links: 0, message };
    }
    case "feature":
    case "unfeature": {
      const featuring = request.action === "feature";
      const changing = selected.filter((t) => t.featured !== featuring);
      if (featuring && changing.length) {
        const { last } = await trx
          .selectFrom("titles")
          .select((eb) => eb.fn.max("featured_order").as("last"))
          .where("featured", "=", true)
          .executeTakeFirstOrThrow();
        let order = Number(last ?? 0);
        // New picks go to the end of the carousel, in the list's order.
        for (const t of changing) {
          order += 1;
          await trx
            .updateTable("titles")
            .set({ featured: true, featured_order: order, updated_at: now() })
            .where("id", "=", t.id)
            .execute();
        }
      } else if (changing.length) {
        await trx
          .updateTable("titles")
          .set({ featured: false, featured_order: null, updated_at: now() })
          .where(
            "id",
            "in",
            changing.map((t) => t.id),
          )
          .execute();
      }
      for (const t of changing) {
        await audit(t, "title.update", `${featuring ? "Featured" : "Unfeatured"} “${t.title}”`, { changed: ["featured"] });
      }
      const rest = selected.length - changing.length;
      const message = featuring
        ? `Featured ${titles(changing.length)}${rest ? `; ${rest} already featured` : ""}`
        : `Unfeatured ${titles(changing.length)}${rest ? `; ${rest} not featured` : ""}`;
      return { changed: changing.length, unchanged: rest, links: 0, message };
    }
    case "disable-links":
    case "enable-links": {
      const disabling = request.action === "disable-links";
      const ids = selected.map((t) => t.id);
      // Enabling brings a link back as working; a link health check or a report marks it again if it is not.
      const matching = ids.length
        ? await trx
            .selectFrom("links as l")
            .innerJoin("releases as r", "r.id", "l.release_id")
            .select(["l.id", "r.title_id"])
            .where("r.title_id", "in", ids)
            .where("l.status", disabling ? "!=" : "=", "disabled")
            .execute()
        : [];
      if (matching.length) {
        await trx
          .updateTable("links")
          .set({ status: disabling ? "disabled" : "ok" })
          .where(
            "id",
            "in",
            matching.map((l) => l.id),
          )
          .execute();
      }
      const perTitle = new Map<number, number>();
      for (const l of matching) perTitle.set(l.title_id, (perTitle.get(l.title_id) ?? 0) + 1);
      const changing = selected.filter((t) => perTitle.has(t.id));
      await touch(changing.map((t) => t.id));
      for (const t of changing) {
        const n = perTitle.get(t.id)!;
        await audit(
          t,
          disabling ? "links.disable" : "links.enable",
          `${disabling ? "Disabled" : "Enabled"} ${plural(n, "link")} of “${t.title}”`,
          {
            changed: ["downloads"],
            links: n,
          },
        );
      }
      const verb = disabling ? "Disabled" : "Enabled";
      const message =
        matching.length === 0
          ? `No links to ${disabling ? "disable" : "enable"} in ${titles(selected.length)}`
          : `${verb} ${plural(matching.length, "link")} of ${titles(changing.length)}`;
      return { changed: changing.length, unchanged: selected.length - changing.length, links: matching.length, message };
    }
  }
}

/** One title at a time: the TMDB client caches answers and waits out its rate limit. */
async function fetchArtwork(db: Db, tmdb: TmdbClient | null, ids: number[]): Promise<FreshArtwork> {
  if (!tmdb) throw new AppError(503, BULK_ARTWORK_NEEDS_TMDB);
  const rows = ids.length
    ? await db.selectFrom("titles").select(["id", "type", "tmdb_id"]).where("id", "in", ids).where("tmdb_id", "is not", null).execute()
    : [];
  const fresh: FreshArtwork = new Map();
  for (const row of rows) {
    try {
      const found = await tmdb.details(row.type, Number(row.tmdb_id));
      fresh.set(row.id, { posterUrl: found.posterUrl, backgroundUrl: found.backgroundUrl });
    } catch (error) {
      if (!(error instanceof TmdbError)) throw error;
      fresh.set(row.id, "failed");
    }
  }
  return fresh;
}

/** Takes TMDB's poster and backdrop where TMDB has one that differs; a title TMDB has no image for keeps its own. */
async function refreshArtwork(trx: Db, actor: Actor, selected: Selected[], fresh: FreshArtwork): Promise<BulkOutcome> {
  const current = selected.length
    ? await trx
        .selectFrom("titles")
        .select(["id", "poster_url", "background_url"])
        .where(
          "id",
          "in",
          selected.map((t) => t.id),
        )
        .execute()
    : [];
  const byId = new Map(current.map((r) => [r.id, r]));
  let changed = 0;
  let unchanged = 0;
  let noTmdb = 0;
  let failed = 0;
  for (const t of selected) {
    const found = fresh.get(t.id);
    if (found === undefined) noTmdb += 1;
    else if (found === "failed") failed += 1;
    else {
      const row = byId.get(t.id)!;
      const set: { poster_url?: string; background_url?: string } = {};
      if (found.posterUrl && found.posterUrl !== row.poster_url) set.poster_url = found.posterUrl;
      if (found.backgroundUrl && found.backgroundUrl !== row.background_url) set.background_url = found.backgroundUrl;
      const fields = [...(set.poster_url ? ["posterUrl"] : []), ...(set.background_url ? ["backgroundUrl"] : [])];
      if (fields.length === 0) {
        unchanged += 1;
        continue;
      }
      await trx
        .updateTable("titles")
        .set({ ...set, updated_at: now() })
        .where("id", "=", t.id)
        .execute();
      await recordAudit(trx, actor, {
        action: "title.update",
        entityType: "title",
        entityId: t.id,
        summary: `Refreshed the artwork of “${t.title}” from TMDB`,
        details: { changed: fields, bulk: true },
      });
      changed += 1;
    }
  }
  const parts = [
    `Refreshed the artwork of ${plural(changed, "title")}`,
    ...(unchanged ? [`${unchanged} already up to date`] : []),
    ...(noTmdb ? [`${noTmdb} without a TMDB ID`] : []),
    ...(failed ? [`${failed} not found on TMDB`] : []),
  ];
  return { changed, unchanged: unchanged + noTmdb + failed, links: 0, message: parts.join("; ") };
}
