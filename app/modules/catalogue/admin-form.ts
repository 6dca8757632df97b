import { z } from "#app/utils/zod.ts";
import { DEFAULT_FILE_FORMAT } from "#app/constants.ts";
import { fieldErrors } from "#app/utils/submission.ts";
import { titleInputSchema, type ParsedTitleInput, type TitleInput } from "./schema.ts";
import type { LinkStatus, TitleDetail, TitleRef, TitleType } from "./types.ts";
import { href } from "react-router";
import { SOME_FIELDS_INVALID } from "#app/utils/validation.ts";

/**
 * The title editor's form (the Add screen and the Edit modal): its values, how
 * they become a TitleInput, and the messages for what is wrong with them. The
 * browser runs this for instant messages; the server runs the same code as the
 * authority before the catalogue's own schema checks the result again.
 *
 * Every repeated row carries a `key` that names it in error messages, so a
 * message for `releases.1.files.0.links.2.url` lands on the field the person typed
 * into even though blank rows are dropped before saving.
 */

export const TITLE_AND_TMDB_REQUIRED = "Title and TMDB ID are required";
export const INVALID_TMDB_ID = "Please enter a valid TMDB ID";
export const INVALID_RATING = "Rating must be between 0 and 10";
export const INVALID_RUNTIME = "Enter the runtime in whole minutes";
export const ADD_FAILED = "Failed to add movie";
export const SAVED = "Saved successfully";
export const SAVE_FAILED = "Error saving the movie";
export const DELETED = "Deleted";
export const DELETE_FAILED = "Error deleting the movie";
export const CONFIRM_DELETE = "Are you sure you want to delete?";

export function addedMessage(type: TitleType): string {
  return type === "movie" ? "Movie added successfully!" : "TV show added successfully!";
}

/**
 * A link row's status in the editor: the stored ones, plus "unchecked" for a new
 * link nobody has checked yet. It is stored as "ok" (shown to visitors); the link
 * health checker keeps it "unknown" until its first check.
 */
export type EditorLinkStatus = LinkStatus | "unchecked";
export const LINK_STATUSES = ["unchecked", "ok", "broken", "disabled"] as const satisfies readonly EditorLinkStatus[];
export const LINK_STATUS_LABELS: Record<EditorLinkStatus, string> = {
  unchecked: "Not checked yet",
  ok: "Working",
  broken: "Broken",
  disabled: "Disabled",
};
const storedStatus = (status: EditorLinkStatus): LinkStatus => (status === "unchecked" ? "ok" : status);

/** The title a refused save's id already belongs to (the catalogue's 409 puts it in the failure's details), or null. */
export function duplicateOf(result: unknown): TitleRef | null {
  if (typeof result !== "object" || result === null || (result as { ok?: unknown }).ok !== false) return null;
  const ref = (result as { details?: { duplicateOf?: Partial<TitleRef> } }).details?.duplicateOf;
  if (!ref || typeof ref.id !== "number" || (ref.type !== "movie" && ref.type !== "tv") || typeof ref.title !== "string") return null;
  return { id: ref.id, type: ref.type, slug: String(ref.slug ?? ""), title: ref.title };
}

/** Where an admin list lives; the edit modal returns to it. */
export function adminListPath(type: TitleType): string {
  return type === "movie" ? href("/dashboard/movies") : href("/dashboard/tv");
}

/** The edit modal of a title, over the list of its type. */
export function adminEditPath(title: { type: TitleType; id: number }): string {
  const id = String(title.id);
  return title.type === "movie" ? href("/dashboard/movies/:id", { id }) : href("/dashboard/tv/:id", { id });
}

/** The Add screen, set to a type (movies are its default). */
export function adminAddPath(type: TitleType): string {
  return type === "movie" ? href("/add") : `${href("/add")}?type=tv`;
}

/** The title type an admin path is about (/dashboard/tv/… is TV, the rest movies). */
export function adminTypeOfPath(pathname: string): TitleType {
  const tv = href("/dashboard/tv");
  return pathname.startsWith(`${tv}/`) || pathname === tv ? "tv" : "movie";
}

const rowKey = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const rowId = z.number().int().positive().optional();
const str = (max: number) => z.string().max(max);
const linkStatus = z.enum(LINK_STATUSES);
// An address's length is the catalogue schema's to judge (MAX_URL_LENGTH, with a message on the field); the body limit bounds it here.
const url = z.string();

const linkRowSchema = z.object({ key: rowKey, id: rowId, label: str(200), url, status: linkStatus });
const zipRowSchema = linkRowSchema.extend({ size: str(200) });
const fileRowSchema = z.object({
  key: rowKey,
  id: rowId,
  title: str(1_000),
  size: str(200),
  links: z.array(linkRowSchema).max(100),
});
const groupRowSchema = z.object({
  key: rowKey,
  id: rowId,
  quality: str(200),
  season: str(200),
  files: z.array(fileRowSchema).max(1_000),
  zipLinks: z.array(zipRowSchema).max(100),
});
const screenshotRowSchema = z.object({ key: rowKey, id: rowId, url });

/** The editor's values as the browser sends them: loose text, checked for meaning by editorToInput. */
export const editorValuesSchema = z.object({
  type: z.enum(["movie", "tv"]),
  title: str(1_000),
  tmdbId: str(100),
  /** Not shown: Fetch details fills it from TMDB; blank keeps a saved title's own. */
  imdbId: str(20).default(""),
  noTmdb: z.boolean(),
  genres: str(10_000),
  directors: str(10_000),
  actors: str(20_000),
  releaseDate: str(40),
  rating: str(40),
  runtime: str(40),
  language: str(200),
  overview: str(20_000),
  tagline: str(2_000),
  storyline: str(40_000),
  subtitles: z.array(str(200)).max(100),
  adult: z.boolean(),
  posterUrl: url,
  backgroundUrl: url,
  trailerUrl: url,
  fileFormat: str(40),
  uploadedAt: str(40),
  screenshots: z.array(screenshotRowSchema).max(200),
  groups: z.array(groupRowSchema).max(300),
});

export type EditorValues = z.infer<typeof editorValuesSchema>;
export type LinkRow = z.infer<typeof linkRowSchema>;
export type ZipRow = z.infer<typeof zipRowSchema>;
export type FileRow = z.infer<typeof fileRowSchema>;
export type GroupRow = z.infer<typeof groupRowSchema>;
export type ScreenshotRow = z.infer<typeof screenshotRowSchema>;

/** Messages per field: top-level fields by name, row fields as `<row key>.<field>`, the rest under "form". */
export type EditorErrors = Record<string, string[]>;
export const NO_ERRORS: EditorErrors = Object.freeze({}) as EditorErrors;

const valueAt = (values: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), values);

/**
 * The messages of a refused save that still apply: a field changed since (typed,
 * or filled by Fetch details) loses its message, and the form-wide messages go
 * once none of the fields they came with is left.
 */
export function unresolvedErrors(errors: EditorErrors, refused: EditorValues, now: EditorValues): EditorErrors {
  if (refused === now) return errors;
  const fieldKeys = Object.keys(errors).filter((key) => key !== "form");
  const left = fieldKeys.filter((key) => JSON.stringify(valueAt(refused, key)) === JSON.stringify(valueAt(now, key)));
  if (left.length === fieldKeys.length) return errors;
  const out: EditorErrors = Object.fromEntries(left.map((key) => [key, errors[key]!]));
  if (errors.form && left.length > 0) out.form = errors.form;
  return out;
}

let serial = 0;
/** A key for a row that is not saved yet (saved rows are keyed by their id). */
export function newRowKey(): string {
  serial += 1;
  return `n${serial}`;
}

export function emptyLink(): LinkRow {
  return { key: newRowKey(), label: "", url: "", status: "unchecked" };
}

export function emptyZip(): ZipRow {
  return { key: newRowKey(), label: "", url: "", size: "", status: "unchecked" };
}

export function emptyFile(): FileRow {
  return { key: newRowKey(), title: "", size: "", links: [emptyLink()] };
}

export function emptyGroup(): GroupRow {
  return { key: newRowKey(), quality: "", season: "", files: [emptyFile()], zipLinks: [emptyZip()] };
}

export function emptyScreenshot(): ScreenshotRow {
  return { key: newRowKey(), url: "" };
}

/** The Add screen's start and reset state (docs/product/spec.md: one empty group, episode, URL and zip entry, format mkv, date now). */
export function emptyEditorValues(type: TitleType, now: string): EditorValues {
  return {
    type,
    title: "",
    tmdbId: "",
    imdbId: "",
    noTmdb: false,
    genres: "",
    directors: "",
    actors: "",
    releaseDate: "",
    rating: "",
    runtime: "",
    language: "",
    overview: "",
    tagline: "",
    storyline: "",
    subtitles: [],
    adult: false,
    posterUrl: "",
    backgroundUrl: "",
    trailerUrl: "",
    fileFormat: DEFAULT_FILE_FORMAT,
    uploadedAt: now,
    screenshots: [emptyScreenshot()],
    groups: [emptyGroup()],
  };
}

/** The Edit modal's values for a saved title. */
export function valuesFromTitle(title: TitleDetail): EditorValues {
  return {
    type: title.type,
    title: title.title,
    tmdbId: title.tmdbId === null ? "" : String(title.tmdbId),
    imdbId: title.imdbId ?? "",
    noTmdb: title.tmdbId === null,
    genres: title.genres.map((g) => g.name).join(", "),
    directors: title.directors.join(", "),
    actors: title.cast.map((c) => c.name).join(", "),
    releaseDate: title.releaseDate ?? "",
    rating: title.rating === null ? "" : String(title.rating),
    runtime: title.runtimeMinutes === null ? "" : String(title.runtimeMinutes),
    language: title.language ?? "",
    overview: title.overview ?? "",
    tagline: title.tagline ?? "",
    storyline: title.storyline ?? "",
    subtitles: [...title.subtitles],
    adult: title.adult,
    posterUrl: title.posterUrl ?? "",
    backgroundUrl: title.backgroundUrl ?? "",
    trailerUrl: title.trailerUrl ?? "",
    fileFormat: title.fileFormat,
    uploadedAt: title.uploadedAt,
    screenshots: title.screenshots.map((s) => ({ key: `s${s.id}`, id: s.id, url: s.url })),
    groups: title.releases.map((r) => ({
      key: `g${r.id}`,
      id: r.id,
      quality: r.quality,
      season: r.season ?? "",
      files: r.files.map((f) => ({
        key: `f${f.id}`,
        id: f.id,
        title: f.title,
        size: f.size ?? "",
        links: f.links.map((l) => ({ key: `l${l.id}`, id: l.id, label: l.label, url: l.url, status: l.status })),
      })),
      zipLinks: r.zipLinks.map((l) => ({ key: `z${l.id}`, id: l.id, label: l.label, url: l.url, size: l.size ?? "", status: l.status })),
    })),
  };
}

/** Comma-separated names, trimmed, blanks dropped (docs/product/spec.md section 5). */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

const blank = (s: string) => s.trim() === "";
const orNull = (s: string) => (blank(s) ? null : s.trim());

/** A TMDB id as typed: null when blank, NaN when it is not a positive whole number. */
export function parseTmdbId(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  return /^\d{1,9}$/.test(t) && Number(t) > 0 ? Number(t) : Number.NaN;
}

/** Top-level input fields whose editor field has another name. */
const TOP_LEVEL_FIELDS: Record<string, string> = {
  title: "title",
  tmdbId: "tmdbId",
  // The IMDb id comes with Fetch details, beside the TMDB ID field.
  imdbId: "tmdbId",
  overview: "overview",
  tagline: "tagline",
  storyline: "storyline",
  releaseDate: "releaseDate",
  runtimeMinutes: "runtime",
  rating: "rating",
  adult: "adult",
  language: "language",
  posterUrl: "posterUrl",
  backgroundUrl: "backgroundUrl",
  trailerUrl: "trailerUrl",
  fileFormat: "fileFormat",
  uploadedAt: "uploadedAt",
  genres: "genres",
  directors: "directors",
  cast: "actors",
  subtitles: "subtitles",
};

export interface EditorMapping {
  input: TitleInput;
  /** The editor field a TitleInput path (e.g. "releases.0.files.1.links.0.url") was typed into. */
  fieldOf(path: string): string;
}

/**
 * The TitleInput the editor's values stand for. Rows left entirely blank are
 * dropped (the form always offers one empty row of each kind); a movie has no
 * seasons or zip links.
 */
export function mapEditor(values: EditorValues): EditorMapping {
  const rowOf = new Map<string, string>();
  const tv = values.type === "tv";
  const screenshots = values.screenshots.filter((s) => !blank(s.url));
  screenshots.forEach((s, i) => rowOf.set(`screenshots.${i}`, s.key));

  const linkBlank = (l: LinkRow) => blank(l.label) && blank(l.url);
  const zipBlank = (z: ZipRow) => linkBlank(z) && blank(z.size);
  const releases: NonNullable<TitleInput["releases"]> = [];
  for (const group of values.groups) {
    const files = group.files
      .map((f) => ({ ...f, links: f.links.filter((l) => !linkBlank(l)) }))
      .filter((f) => !(blank(f.title) && blank(f.size) && f.links.length === 0));
    const zips = tv ? group.zipLinks.filter((z) => !zipBlank(z)) : [];
    if (blank(group.quality) && (!tv || blank(group.season)) && files.length === 0 && zips.length === 0) continue;
    const r = releases.length;
    rowOf.set(`releases.${r}`, group.key);
    files.forEach((f, i) => {
      rowOf.set(`releases.${r}.files.${i}`, f.key);
      f.links.forEach((l, j) => rowOf.set(`releases.${r}.files.${i}.links.${j}`, l.key));
    });
    zips.forEach((z, i) => rowOf.set(`releases.${r}.zipLinks.${i}`, z.key));
    releases.push({
      ...(group.id ? { id: group.id } : {}),
      quality: group.quality.trim(),
      season: tv ? orNull(group.season) : null,
      files: files.map((f) => ({
        ...(f.id ? { id: f.id } : {}),
        title: f.title.trim(),
        size: orNull(f.size),
        links: f.links.map((l) => ({
          ...(l.id ? { id: l.id } : {}),
          label: l.label.trim(),
          url: l.url.trim(),
          status: storedStatus(l.status),
        })),
      })),
      zipLinks: zips.map((z) => ({
        ...(z.id ? { id: z.id } : {}),
        label: z.label.trim(),
        url: z.url.trim(),
        size: orNull(z.size),
        status: storedStatus(z.status),
      })),
    });
  }

  const tmdbId = values.noTmdb ? null : parseTmdbId(values.tmdbId);
  const rating = blank(values.rating) ? null : Number(values.rating.trim());
  const runtime = blank(values.runtime) ? null : Number(values.runtime.trim());
  const input: TitleInput = {
    type: values.type,
    title: values.title.trim(),
    tmdbId: tmdbId === null || Number.isNaN(tmdbId) ? null : tmdbId,
    imdbId: values.noTmdb ? null : orNull(values.imdbId),
    overview: orNull(values.overview),
    tagline: orNull(values.tagline),
    storyline: orNull(values.storyline),
    releaseDate: orNull(values.releaseDate),
    runtimeMinutes: runtime,
    rating,
    adult: values.adult,
    language: orNull(values.language),
    posterUrl: orNull(values.posterUrl),
    backgroundUrl: orNull(values.backgroundUrl),
    trailerUrl: orNull(values.trailerUrl),
    fileFormat: values.fileFormat.trim() || DEFAULT_FILE_FORMAT,
    uploadedAt: orNull(values.uploadedAt),
    genres: splitList(values.genres),
    directors: splitList(values.directors),
    cast: splitList(values.actors).map((name) => ({ name, character: null })),
    subtitles: values.subtitles,
    screenshots: screenshots.map((s) => s.url.trim()),
    releases,
  };

  return {
    input,
    fieldOf(path) {
      const parts = path.split(".");
      for (let n = parts.length; n > 0; n--) {
        const key = rowOf.get(parts.slice(0, n).join("."));
        if (key) return n === parts.length ? key : `${key}.${parts.slice(n).join(".")}`;
      }
      return TOP_LEVEL_FIELDS[parts[0] ?? ""] ?? "form";
    },
  };
}

/** Messages per catalogue input path, moved onto the editor fields they belong to. */
export function toEditorErrors(fields: Record<string, string[]>, mapping: Pick<EditorMapping, "fieldOf">): EditorErrors {
  const out: EditorErrors = {};
  for (const [path, messages] of Object.entries(fields)) {
    const key = path === "form" ? "form" : mapping.fieldOf(path);
    const list = (out[key] ??= []);
    for (const m of messages) if (!list.includes(m)) list.push(m);
  }
  return out;
}

export type EditorCheck =
  | { ok: true; input: TitleInput; parsed: ParsedTitleInput; mapping: EditorMapping }
  | { ok: false; message: string; fields: EditorErrors; mapping: EditorMapping };

/**
 * Everything that is wrong with the editor's values, with the spec's messages:
 * title and TMDB id first (an empty TMDB id only with "no TMDB entry" ticked), then
 * the numbers as typed, then the catalogue schema itself.
 */
export function checkEditor(values: EditorValues): EditorCheck {
  const mapping = mapEditor(values);
  const fields: EditorErrors = {};
  const add = (key: string, message: string) => (fields[key] ??= []).push(message);

  const missingTitle = blank(values.title);
  const missingTmdb = !values.noTmdb && blank(values.tmdbId);
  if (missingTitle) add("title", TITLE_AND_TMDB_REQUIRED);
  if (missingTmdb) add("tmdbId", TITLE_AND_TMDB_REQUIRED);
  if (!values.noTmdb && Number.isNaN(parseTmdbId(values.tmdbId))) add("tmdbId", INVALID_TMDB_ID);
  if (!blank(values.rating) && !Number.isFinite(Number(values.rating.trim()))) add("rating", INVALID_RATING);
  const runtime = values.runtime.trim();
  if (runtime !== "" && !(/^\d{1,5}$/.test(runtime) && Number(runtime) <= 10_000)) add("runtime", INVALID_RUNTIME);

  const result = titleInputSchema.safeParse(mapping.input);
  if (!result.success) {
    for (const [key, messages] of Object.entries(toEditorErrors(fieldErrors(result.error), mapping))) {
      // The typed-value checks above already explain these fields better.
      if (fields[key]) continue;
      for (const m of messages) add(key, m);
    }
  }
  if (Object.keys(fields).length > 0) {
    return { ok: false, message: missingTitle || missingTmdb ? TITLE_AND_TMDB_REQUIRED : SOME_FIELDS_INVALID, fields, mapping };
  }
  return { ok: true, input: mapping.input, parsed: result.data!, mapping };
}

export const EDITOR_UNREADABLE = "The form could not be read. Reload the page and try again.";

/**
 * A long series' tree (seasons × qualities × episodes × links) outgrows the form
 * kit's 256 KB default; the server's own 1 MB cap (ADR 004) still applies.
 */
export const EDITOR_BODY_LIMIT = 1024 * 1024;

/** The editor's save, checked once: the catalogue input it stands for, and where its paths were typed. */
export interface CheckedEditor {
  input: ParsedTitleInput;
  mapping: EditorMapping;
}

/**
 * The schema of the editor's save for the form kit (`handleSubmission`): the
 * browser's values checked by checkEditor (as a title of `type` when given, the
 * list the edit modal belongs to), giving the validated catalogue input. Messages
 * land on the editor's fields; a body that is not the editor's shape is one
 * message for the whole form.
 */
export function titleEditorSchema(type?: TitleType) {
  return z.unknown().transform((payload, ctx): CheckedEditor => {
    const shape = editorValuesSchema.safeParse(payload);
    if (!shape.success) {
      ctx.addIssue({ code: "custom", path: [], message: EDITOR_UNREADABLE });
      return z.NEVER;
    }
    const check = checkEditor(type ? { ...shape.data, type } : shape.data);
    if (check.ok) return { input: check.parsed, mapping: check.mapping };
    for (const [key, messages] of Object.entries(check.fields)) {
      for (const message of messages) ctx.addIssue({ code: "custom", path: key === "form" ? [] : [key], message });
    }
    return z.NEVER;
  });
}

const KNOWN_LABELS: Record<string, string> = {
  "drive.google.com": "gdrive",
  "docs.google.com": "gdrive",
  "mega.nz": "mega",
  "1drv.ms": "onedrive",
};

/** A provider label for a download address: its site's name (gofile.io → gofile), editable afterwards. */
export function labelFromUrl(url: string): string {
  let host: string;
  try {
    host = new URL(url.trim()).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
  const known = KNOWN_LABELS[host];
  if (known) return known;
  const parts = host.split(".").filter(Boolean);
  if (parts.length === 0) return "";
  if (parts.length === 1) return parts[0]!.slice(0, 60);
  // example.co.uk → example; gofile.io → gofile
  const secondLevel = parts.length > 2 && parts[parts.length - 2]!.length <= 3 ? parts[parts.length - 3]! : parts[parts.length - 2]!;
  return secondLevel.slice(0, 60);
}

/** URL rows for pasted text, one address a line (blank lines ignored), labelled by their host. */
export function linksFromPaste(text: string): LinkRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((url) => ({ ...emptyLink(), label: labelFromUrl(url), url }));
}
