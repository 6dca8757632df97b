import type { Db } from "#app/db/client.server.ts";
import { toBool, toCount } from "#app/db/dialect.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { GENRES_CHANGED_ELSEWHERE, genreNameTaken, type GenreEdit } from "./genres.ts";
import { genreSlug } from "./slug.ts";

/**
 * The genre list as admins manage it (Settings → Genres): rename, hide from the
 * public site, reorder. The spec's list is what the first migration put there.
 * A genre keeps its slug when renamed (ADR 033): its public address stays the
 * same, and the editor and imports find it by its name or its slug.
 */

export interface AdminGenre {
  id: number;
  name: string;
  slug: string;
  position: number;
  hidden: boolean;
  /** Titles tagged with it. */
  titles: number;
}

export async function listAdminGenres(db: Db): Promise<AdminGenre[]> {
  const rows = await db
    .selectFrom("genres as g")
    .leftJoin("title_genres as tg", "tg.genre_id", "g.id")
    .select(["g.id", "g.name", "g.slug", "g.position", "g.hidden"])
    .select((eb) => eb.fn.count("tg.title_id").as("n"))
    .groupBy(["g.id", "g.name", "g.slug", "g.position", "g.hidden"])
    .orderBy("g.position")
    .orderBy("g.name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, position: r.position, hidden: toBool(r.hidden), titles: toCount(r.n) }));
}

/** Every genre's name in the list's order: the editor's suggestions. */
export async function listGenreNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("genres").select("name").orderBy("position").orderBy("name").execute();
  return rows.map((r) => r.name);
}

/**
 * Saves the whole list: `edits` in their new order, each with its name and whether
 * it is hidden. Every genre must be there once (a list loaded before another admin
 * added a genre is refused, so nothing is silently reordered). A name may not be
 * another genre's name or slug, ignoring case: the editor finds genres by either.
 * Returns what changed, as the audit entry says it.
 */
export async function saveGenres(db: Db, actor: Actor, edits: GenreEdit[]): Promise<{ changed: string[] }> {
  return inTransaction(db, async (trx) => {
    const current = await listAdminGenres(trx);
    const byId = new Map(current.map((g) => [g.id, g]));
    const ids = edits.map((e) => e.id);
    if (new Set(ids).size !== ids.length || ids.length !== current.length || ids.some((id) => !byId.has(id))) {
      throw new AppError(409, GENRES_CHANGED_ELSEWHERE);
    }
    const fields: Record<string, string[]> = {};
    edits.forEach((edit, i) => {
      if (edit.name === byId.get(edit.id)!.name) return;
      const slug = genreSlug(edit.name);
      const taken = edits.some(
        (other, j) => j !== i && (other.name.toLowerCase() === edit.name.toLowerCase() || byId.get(other.id)!.slug === slug),
      );
      if (taken) fields[`genres.${i}.name`] = [genreNameTaken(edit.name)];
    });
    if (Object.keys(fields).length) throw new AppError(400, Object.values(fields)[0]![0]!, { fields });

    const changed: string[] = [];
    const renamed = edits.filter((e) => e.name !== byId.get(e.id)!.name);
    // Two genres may swap names: park the renamed ones first (no real name starts with a space) so the unique index never sees a clash mid-way.
    for (const e of renamed)
      await trx
        .updateTable("genres")
        .set({ name: ` renaming ${e.id}` })
        .where("id", "=", e.id)
        .execute();
    for (const [i, e] of edits.entries()) {
      const before = byId.get(e.id)!;
      if (before.name !== e.name) changed.push(`renamed “${before.name}” to “${e.name}”`);
      if (before.hidden !== e.hidden) changed.push(`${e.hidden ? "hid" : "showed"} “${e.name}”`);
      if (before.name !== e.name || before.hidden !== e.hidden || before.position !== i + 1) {
        await trx
          .updateTable("genres")
          .set({ name: e.name, hidden: e.hidden, position: i + 1 })
          .where("id", "=", e.id)
          .execute();
      }
    }
    const order = (list: { id: number }[]) => list.map((g) => g.id).join(",");
    if (order(current) !== order(edits)) changed.push("changed the order");
    if (changed.length === 0) return { changed };
    await recordAudit(trx, actor, {
      action: "genres.update",
      entityType: "settings",
      summary: `Genres: ${changed.join("; ")}`,
      details: { changed },
    });
    await bumpContentVersion(trx);
    return { changed };
  });
}
