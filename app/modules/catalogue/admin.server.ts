import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { closeReportsOfReplacedLinks, openReportsOnTitleLinks } from "#app/modules/inbox/reports/fixes.server.ts";
import { AppError, isAppError } from "#app/utils/errors.ts";
import { checkEditor, editorValuesSchema, FIELDS_NEED_ATTENTION, toEditorErrors, type EditorMapping } from "./admin-form.ts";
import { getTitle } from "./read.server.ts";
import type { TitleInput } from "./schema.ts";
import type { TitleDetail, TitleType } from "./types.ts";
import {
  createTitle,
  deleteLink,
  deleteRelease,
  deleteScreenshot,
  deleteTitle,
  deleteZipLink,
  replaceTitle,
  TITLE_NOT_FOUND,
} from "./write.server.ts";

/**
 * The catalogue writes the admin panel makes: each is the plain catalogue write
 * plus its audit-log entry, in one transaction, so the log never claims a change
 * that did not happen (or misses one that did).
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
  return inTransaction(db, async (trx) => {
    const title = await createTitle(trx, input);
    await recordAudit(trx, actor, {
      action: "title.create",
      entityType: "title",
      entityId: title.id,
      summary: `Added the ${typeWord(title.type)} “${title.title}” with ${linkCount(title)} link${linkCount(title) === 1 ? "" : "s"}`,
    });
    return title;
  });
}

export async function saveTitle(db: Db, actor: Actor, id: number, input: TitleInput): Promise<TitleDetail> {
  return inTransaction(db, async (trx) => {
    const before = await getTitle(trx, id, { includeDisabled: true });
    if (!before) throw new AppError(404, TITLE_NOT_FOUND);
    // Taken before the replace: deleting a link clears its reports' link_id.
    const reported = await openReportsOnTitleLinks(trx, id);
    const after = await replaceTitle(trx, id, input);
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
  });
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

/**
 * The editor's values as sent by the browser, checked (as a title of `type` when
 * given); a 400 with messages per editor field otherwise.
 */
function checkedEditorInput(payload: unknown, type?: TitleType): { input: TitleInput; mapping: EditorMapping } {
  const shape = editorValuesSchema.safeParse(payload);
  if (!shape.success)
    throw new AppError(400, FIELDS_NEED_ATTENTION, { fields: { form: ["The form could not be read. Reload the page and try again."] } });
  const values = type ? { ...shape.data, type } : shape.data;
  const check = checkEditor(values);
  if (!check.ok) throw new AppError(400, check.message, { fields: check.fields });
  return { input: check.input, mapping: check.mapping };
}

/** Field messages of the catalogue write (e.g. an id that does not belong) moved onto the editor's fields. */
async function withEditorErrors<T>(mapping: EditorMapping, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.fields) {
      throw new AppError(error.status, error.message, { fields: toEditorErrors(error.fields, mapping), cause: error });
    }
    throw error;
  }
}

/** The Add screen's save: the editor's values become a new title (audited by addTitle). */
export async function addTitleFromEditor(db: Db, actor: Actor, payload: unknown): Promise<TitleDetail> {
  const { input, mapping } = checkedEditorInput(payload);
  return withEditorErrors(mapping, () => addTitle(db, actor, input));
}

/**
 * The Edit modal's save: replaces the title's tree (audited by saveTitle). The title
 * must be of `type` (the list the modal was opened from). What the editor does not
 * show is kept: type, original title, IMDb id, featured place, the actors'
 * characters, and the slug unless the title changed.
 */
export async function saveTitleFromEditor(db: Db, actor: Actor, id: number, type: TitleType, payload: unknown): Promise<TitleDetail> {
  return inTransaction(db, async (trx) => {
    const current = await getTitle(trx, id, { includeDisabled: true });
    if (!current || current.type !== type) throw new AppError(404, TITLE_NOT_FOUND);
    const { input, mapping } = checkedEditorInput(payload, type);
    const characters = new Map(current.cast.map((c) => [c.name.toLowerCase(), c.character]));
    const merged: TitleInput = {
      ...input,
      slug: input.title === current.title ? current.slug : null,
      originalTitle: current.originalTitle,
      imdbId: current.imdbId,
      featured: current.featured,
      featuredOrder: current.featuredOrder,
      cast: (input.cast ?? []).map((c) => ({ name: c.name, character: characters.get(c.name.toLowerCase()) ?? null })),
    };
    return withEditorErrors(mapping, () => saveTitle(trx, actor, id, merged));
  });
}
