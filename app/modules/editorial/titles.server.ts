import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { closeReportsOfReplacedLinks, openReportsOnTitleLinks } from "#app/modules/inbox/reports/fixes.server.ts";
import { AppError, isAppError } from "#app/utils/errors.ts";
import { toEditorErrors, type CheckedEditor, type EditorMapping } from "#app/modules/catalogue/admin-form.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import type { ParsedTitleInput, TitleInput } from "#app/modules/catalogue/schema.ts";
import type { TitleDetail, TitleType } from "#app/modules/catalogue/types.ts";
import {
  createParsedTitle,
  deleteLink,
  deleteRelease,
  deleteScreenshot,
  deleteTitle,
  deleteZipLink,
  parseTitleInput,
  replaceParsedTitle,
  TITLE_NOT_FOUND,
} from "#app/modules/catalogue/write.server.ts";
import { plural } from "#app/utils/format.ts";
import { forgetTitleViews } from "#app/modules/analytics/views.server.ts";
import { applyBulkAction as applyCatalogueBulkAction, type BulkRequest, type BulkServices } from "#app/modules/catalogue/bulk.server.ts";

/**
 * The title saves the admin panel and the write API make (issue 33: one-way
 * saves): each is the plain catalogue write, the inbox's follow-up (broken-link
 * reports answered by the edit are closed) and the audit-log entry, in one
 * transaction, so the log never claims a change that did not happen (or misses one
 * that did). This module composes the catalogue and the inbox, so neither calls
 * the other.
 */

function typeWord(type: TitleDetail["type"]): string {
  return type === "movie" ? "movie" : "TV show";
}

function linkCount(title: TitleDetail): number {
  return title.releases.reduce((n, r) => n + r.zipLinks.length + r.files.reduce((m, f) => m + f.links.length, 0), 0);
}

/** Top-level fields whose value differs, by their input names. */
const COMPARED_FIELDS = [
  "title",
  "originalTitle",
  "tmdbId",
  "imdbId",
  "overview",
  "tagline",
  "storyline",
  "releaseDate",
  "runtimeMinutes",
  "rating",
  "adult",
  "language",
  "posterUrl",
  "backgroundUrl",
  "trailerUrl",
  "fileFormat",
  "featured",
  "uploadedAt",
] as const;

function changedFields(before: TitleDetail, after: TitleDetail): string[] {
  const changed: string[] = COMPARED_FIELDS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (
    !same(
      before.genres.map((g) => g.name),
      after.genres.map((g) => g.name),
    )
  )
    changed.push("genres");
  if (!same(before.directors, after.directors)) changed.push("directors");
  if (!same(before.cast, after.cast)) changed.push("cast");
  if (!same(before.subtitles, after.subtitles)) changed.push("subtitles");
  if (
    !same(
      before.screenshots.map((s) => s.url),
      after.screenshots.map((s) => s.url),
    )
  )
    changed.push("screenshots");
  const tree = (t: TitleDetail) =>
    t.releases.map((r) => [
      r.quality,
      r.season,
      r.files.map((f) => [f.title, f.size, f.links.map((l) => [l.label, l.url, l.status])]),
      r.zipLinks.map((l) => [l.label, l.url, l.size, l.status]),
    ]);
  if (!same(tree(before), tree(after))) changed.push("downloads");
  return changed;
}

export async function addTitle(db: Db, actor: Actor, input: TitleInput): Promise<TitleDetail> {
  return addParsedTitle(db, actor, parseTitleInput(input));
}

async function addParsedTitle(db: Db, actor: Actor, data: ParsedTitleInput): Promise<TitleDetail> {
  return inTransaction(db, async (trx) => {
    const title = await createParsedTitle(trx, data);
    await recordAudit(trx, actor, {
      action: "title.create",
      entityType: "title",
      entityId: title.id,
      summary: `Added the ${typeWord(title.type)} “${title.title}” with ${plural(linkCount(title), "link")}`,
    });
    return title;
  });
}

export async function saveTitle(db: Db, actor: Actor, id: number, input: TitleInput): Promise<TitleDetail> {
  const data = parseTitleInput(input);
  return inTransaction(db, async (trx) => {
    const before = await getTitle(trx, id, { includeDisabled: true });
    if (!before) throw new AppError(404, TITLE_NOT_FOUND);
    return saveParsedTitle(trx, actor, before, data);
  });
}

/**
 * The replace with its audit entry and report closing, over `before` (the tree read
 * in this transaction): the write, the comparison and the summary all use that one read.
 */
async function saveParsedTitle(trx: Db, actor: Actor, before: TitleDetail, data: ParsedTitleInput): Promise<TitleDetail> {
  const id = before.id;
  // Taken before the replace: deleting a link clears its reports' link_id.
  const reported = await openReportsOnTitleLinks(trx, id);
  const after = await replaceParsedTitle(trx, before, data);
  const changed = changedFields(before, after);
  const links = linkCount(before) === linkCount(after) ? "" : `; links ${linkCount(before)} → ${linkCount(after)}`;
  await recordAudit(trx, actor, {
    action: "title.update",
    entityType: "title",
    entityId: id,
    summary: changed.length ? `Edited “${after.title}” (${changed.join(", ")}${links})` : `Saved “${after.title}” without changes`,
    details: { changed },
  });
  // A broken-link report is answered by replacing its link (ADR 003 keeps ids, so a changed address shows).
  await closeReportsOfReplacedLinks(trx, actor, reported);
  return after;
}

export type TitlePart = "title" | "screenshot" | "release" | "link" | "zip";

/**
 * The granular deletes of the edit screens (the spec's delete-list): the whole
 * title, or one screenshot, download group, link or zip link of it.
 */
export async function removeFromTitle(db: Db, actor: Actor, titleId: number, part: TitlePart, partId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const title = await getTitle(trx, titleId, { includeDisabled: true });
    if (!title) throw new AppError(404, TITLE_NOT_FOUND);
    const reported = part === "title" ? [] : await openReportsOnTitleLinks(trx, titleId);
    let what: string;
    let deleted: boolean;
    switch (part) {
      case "title":
        deleted = await deleteTitle(trx, titleId);
        // No foreign key there (ADR 035): its view counts go with it.
        if (deleted) await forgetTitleViews(trx, [titleId]);
        what = `the ${typeWord(title.type)} “${title.title}”`;
        break;
      case "screenshot": {
        deleted = await deleteScreenshot(trx, titleId, partId);
        what = `a screenshot of “${title.title}”`;
        break;
      }
      case "release": {
        const release = title.releases.find((r) => r.id === partId);
        deleted = await deleteRelease(trx, titleId, partId);
        what = `the ${release ? [release.season, release.quality].filter(Boolean).join(" ") : ""} downloads of “${title.title}”`.replace(
          "the  ",
          "the ",
        );
        break;
      }
      case "link":
      case "zip": {
        const link = title.releases
          .flatMap((r) => (part === "zip" ? r.zipLinks : r.files.flatMap((f) => f.links)))
          .find((l) => l.id === partId);
        deleted = part === "zip" ? await deleteZipLink(trx, titleId, partId) : await deleteLink(trx, titleId, partId);
        what = `the ${part === "zip" ? "zip " : ""}link ${link ? `“${link.label}” ` : ""}of “${title.title}”`;
        break;
      }
    }
    if (!deleted) throw new AppError(404, "That item no longer exists. Reload the page to see the current state.");
    await recordAudit(trx, actor, {
      action: part === "title" ? "title.delete" : `${part}.delete`,
      entityType: part === "title" ? "title" : part === "link" || part === "zip" ? "link" : "title",
      entityId: part === "title" ? titleId : part === "link" || part === "zip" ? partId : titleId,
      summary: `Deleted ${what}`,
      details: { titleId, part, partId },
    });
    await closeReportsOfReplacedLinks(trx, actor, reported);
  });
}

/** Field messages of the catalogue write (e.g. an id that does not belong) moved onto the editor's fields. */
async function withEditorErrors<T>(mapping: EditorMapping, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.fields) {
      const details = error instanceof AppError ? error.details : undefined;
      throw new AppError(error.status, error.message, { fields: toEditorErrors(error.fields, mapping), details, cause: error });
    }
    throw error;
  }
}

/** The Add screen's save: the editor's checked values become a new title (audited). */
export async function addTitleFromEditor(db: Db, actor: Actor, { input, mapping }: CheckedEditor): Promise<TitleDetail> {
  return withEditorErrors(mapping, () => addParsedTitle(db, actor, input));
}

/**
 * The Edit modal's save: replaces the title's tree (audited). The title must be of
 * `type` (the list the modal was opened from). What the editor does not show is
 * kept: type, original title, IMDb id, featured place, the actors' characters, and
 * the slug unless the title changed. The tree is read once before and once after.
 */
export async function saveTitleFromEditor(
  db: Db,
  actor: Actor,
  id: number,
  type: TitleType,
  { input, mapping }: CheckedEditor,
): Promise<TitleDetail> {
  return inTransaction(db, async (trx) => {
    const current = await getTitle(trx, id, { includeDisabled: true });
    if (!current || current.type !== type) throw new AppError(404, TITLE_NOT_FOUND);
    const characters = new Map(current.cast.map((c) => [c.name.toLowerCase(), c.character]));
    const merged: ParsedTitleInput = {
      ...input,
      type,
      slug: input.title === current.title ? current.slug : null,
      originalTitle: current.originalTitle,
      imdbId: current.imdbId,
      featured: current.featured,
      featuredOrder: current.featuredOrder,
      cast: input.cast.map((c) => ({ name: c.name, character: characters.get(c.name.toLowerCase()) ?? null })),
    };
    return withEditorErrors(mapping, () => saveParsedTitle(trx, actor, current, merged));
  });
}

/**
 * A bulk action on the admin list (catalogue/bulk.server.ts); deleted titles take
 * their view counts with them, as a single delete does.
 */
export function applyBulkAction(db: Db, actor: Actor, request: BulkRequest, services: Omit<BulkServices, "forgetDeleted"> = {}) {
  return applyCatalogueBulkAction(db, actor, request, { ...services, forgetDeleted: forgetTitleViews });
}
