import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import type { ImportFormat, ImportStatus } from "#app/db/schema.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { TmdbError, type TmdbClient } from "#app/integrations/tmdb/client.server.ts";
import type { ExternalTitle } from "#app/integrations/tmdb/types.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import type { JobDefinition, JobRunner } from "#app/modules/jobs/jobs.server.ts";
import { vacuumAfterBulkWrite } from "#app/modules/search/index.server.ts";
import { indexTitles } from "./search-index.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { plural } from "#app/utils/format.ts";
import { slugify } from "#app/utils/slug.ts";
import { TMDB_NOT_CONFIGURED } from "./tmdb-fill.ts";
import { titleToInput } from "./export.server.ts";
import { MAX_REPORTED_ERRORS, type DuplicatesAs, type ImportFileFormat } from "./import-constants.ts";

export type { DuplicatesAs };
import {
  parseImportFile,
  type IdLine,
  type ImportSource,
  type ImportTitle,
  type RowError,
  type TitleField,
} from "./import-format.server.ts";
import { getTitle, getTitles } from "./read.server.ts";
import { titleInputSchema, type ParsedTitleInput } from "./schema.ts";
import { genreSlug, releaseKey } from "./slug.ts";
import type { TitleDetail, TitleType } from "./types.ts";
import { duplicateImdbMessage, insertParsedTitles, replaceParsedTitle, resolveGenreIds, uniqueSlug } from "./write.server.ts";

/**
 * Catalogue import (docs/import-format.md, ADR 032): parse → validate every row →
 * plan against the catalogue (dry run) → apply in batches through the editor's
 * id-keeping save. The validated titles are stored with an import run, whose `done`
 * advances in the same transaction as each batch, so an interrupted apply resumes
 * where it stopped. A title already in the catalogue (same TMDB id, else IMDb id, else
 * the slug the file gives: see identify) is updated in place, keeping the ids of its
 * releases, files and links, and is skipped when the file changes nothing about it.
 */

export interface PlanCounts {
  titles: { create: number; update: number; skip: number };
  links: { create: number; update: number; skip: number; remove: number };
}

export interface ImportPlan {
  format: ImportFileFormat;
  counts: PlanCounts;
  /** Genres no catalogue genre is called (by name or slug): the apply adds them to the genre list. */
  newGenres?: string[];
  /** What the operator said possible duplicates are: the same title (update it) or a new one; unsaid, each is an error. */
  duplicatesAs?: DuplicatesAs | null;
  /** Possible duplicates, resolved as duplicatesAs says (without it they are among the errors). */
  duplicates?: RowError[];
  errors: RowError[];
  /** More errors than were kept (MAX_REPORTED_ERRORS). */
  moreErrors: number;
}

/** One title to write: from a JSON/CSV file, or fetched from TMDB for an id list. */
interface RunItem extends ImportTitle {
  /** Id lists only add titles: one already in the catalogue is left as it is. */
  onlyNew?: boolean;
}

export interface ImportRun {
  id: number;
  createdAt: string;
  updatedAt: string;
  actor: string;
  sourceName: string;
  format: ImportFormat;
  status: ImportStatus;
  total: number;
  done: number;
  created: number;
  updated: number;
  skipped: number;
  plan: ImportPlan;
  error: string | null;
}

export const IMPORT_HAS_ERRORS = "The file has errors; fix them and upload it again.";
export const IMPORT_NOT_FOUND = "No import with this id.";
export const IMPORT_BUSY = "This import is being applied already.";
export const EMPTY_IMPORT = "The file holds no titles.";
/** An apply that has not advanced for this long has stopped (its process ended); it may be resumed. */
export const STALE_APPLY_MS = 2 * 60_000;
/** Titles per transaction: new ones go in set-based inserts, so a batch costs tens of statements whatever its size. */
const BATCH_SIZE = 500;

// ---------------------------------------------------------------------------
// Matching titles in the catalogue

interface CatalogueRow {
  id: number;
  type: TitleType;
  slug: string;
  title: string;
  tmdb_id: number | null;
  imdb_id: string | null;
}

/** Where a file title lands: a catalogue title (null: a new one), or a problem the apply would hit. */
interface Identity {
  match: number | null;
  error?: RowError;
  /** A catalogue title of the same name with no id that tells them apart (new unless the operator says otherwise). */
  possibleDuplicate?: CatalogueRow;
}

/** Ids that say two titles are different films: both sides have a TMDB id, or an IMDb id, and they differ. */
function idsDiffer(data: ParsedTitleInput, row: CatalogueRow): boolean {
  const tmdb = data.tmdbId !== null && row.tmdb_id !== null && (row.tmdb_id !== data.tmdbId || row.type !== data.type);
  return tmdb || (data.imdbId !== null && row.imdb_id !== null && row.imdb_id !== data.imdbId);
}

function describe(row: CatalogueRow): string {
  return `#${row.id} “${row.title}” (${row.slug})`;
}

/**
 * Finds each file title's catalogue title (ADR 032): by TMDB id and type, else IMDb
 * id, else the slug the file gives (when no id says they differ). A name or a slug
 * made from it never matches: a catalogue title of the same name is a different
 * title when an id differs, and a possible duplicate when none does. Ids another
 * catalogue title holds are reported here, as the save would refuse them.
 */
async function identify(db: Db, batch: RunItem[]): Promise<Identity[]> {
  if (batch.length === 0) return [];
  const data = batch.map((i) => i.data);
  const tmdb = [...new Set(data.flatMap((d) => (d.tmdbId === null ? [] : [d.tmdbId])))];
  const imdb = [...new Set(data.flatMap((d) => (d.imdbId === null ? [] : [d.imdbId])))];
  const slugs = [...new Set(data.flatMap((d) => [slugify(d.title), ...(d.slug === null ? [] : [d.slug])]))];
  const names = [...new Set(data.map((d) => d.title.toLowerCase()))];
  const rows: CatalogueRow[] = await db
    .selectFrom("titles")
    .select(["id", "type", "slug", "title", "tmdb_id", "imdb_id"])
    .where((eb) =>
      eb.or([
        ...(tmdb.length ? [eb("tmdb_id", "in", tmdb)] : []),
        ...(imdb.length ? [eb("imdb_id", "in", imdb)] : []),
        eb("slug", "in", slugs),
        eb(sql<string>`lower(title)`, "in", names),
      ]),
    )
    // Earlier ids first, so the same file always finds the same title.
    .orderBy("id")
    .execute();
  return batch.map(({ line, data: d }) => {
    const byTmdb = d.tmdbId === null ? undefined : rows.find((r) => r.type === d.type && r.tmdb_id === d.tmdbId);
    const byImdb = d.imdbId === null ? undefined : rows.find((r) => r.imdb_id === d.imdbId);
    if (byImdb && (byTmdb ? byImdb.id !== byTmdb.id : idsDiffer(d, byImdb))) {
      return { match: null, error: { line, field: "imdbId", message: duplicateImdbMessage(d.imdbId!, byImdb) } };
    }
    const byId = byTmdb ?? byImdb;
    if (byId) return { match: byId.id };
    const sameType = rows.filter((r) => r.type === d.type && !idsDiffer(d, r));
    const bySlug = d.slug === null ? undefined : sameType.find((r) => r.slug === d.slug);
    if (bySlug) return { match: bySlug.id };
    const name = slugify(d.title);
    const lower = d.title.toLowerCase();
    const possibleDuplicate = sameType.find((r) => r.slug === name || r.title.toLowerCase() === lower);
    return possibleDuplicate ? { match: null, possibleDuplicate } : { match: null };
  });
}

/** The dry run's word on a possible duplicate: resolved (the operator said), or what the operator can do. */
export function possibleDuplicateMessage(row: CatalogueRow, resolved: DuplicatesAs | null): string {
  const what = `Possible duplicate of ${describe(row)}: no TMDB or IMDb id tells them apart`;
  if (resolved) return `${what}; ${resolved === "update" ? "updates that title" : "added as a new title"}.`;
  return `${what}. Give it an id, or the slug ${row.slug} to update that title, or say what duplicates are (update or add).`;
}

/** The catalogue title a file title writes to; a possible duplicate is one only when the operator said duplicates update. */
function matchOf(identity: Identity, duplicatesAs: DuplicatesAs | null): number | null {
  if (identity.possibleDuplicate && duplicatesAs === "update") return identity.possibleDuplicate.id;
  return identity.match;
}

// ---------------------------------------------------------------------------
// What a file title does to the catalogue's copy

function parsedFromDetail(detail: TitleDetail): ParsedTitleInput | null {
  const parsed = titleInputSchema.safeParse(titleToInput(detail));
  return parsed.success ? parsed.data : null;
}

/** The catalogue's copy with the fields the file gives replaced. */
function merged(current: ParsedTitleInput, item: ImportTitle): ParsedTitleInput {
  const out: Record<string, unknown> = { ...current };
  for (const field of item.provided) out[field] = item.data[field];
  // A blank slug keeps the catalogue's (a changed title would otherwise move the page); a blank upload time keeps its place.
  if (out.slug === null) out.slug = current.slug;
  if (out.uploadedAt === null) out.uploadedAt = current.uploadedAt;
  return out as unknown as ParsedTitleInput;
}

/** What a comparison should ignore: row ids, and genre spelling (genres are matched by slug). */
function canonical(data: ParsedTitleInput): string {
  return JSON.stringify({
    ...data,
    genres: data.genres.map(genreSlug),
    releases: data.releases.map((r) => ({
      quality: r.quality,
      season: r.season,
      files: r.files.map((f) => ({ title: f.title, size: f.size, links: f.links.map(({ id: _id, ...l }) => l) })),
      zipLinks: r.zipLinks.map(({ id: _id, ...l }) => l),
    })),
  });
}

interface LinkTally {
  create: number;
  update: number;
  skip: number;
  remove: number;
}

/**
 * Gives the file's releases, files and links the ids of the catalogue rows they
 * match (release by season and quality, file by title, link by address), so the
 * save keeps those ids (ADR 003); counts what happens to the links.
 */
function keepIds(data: ParsedTitleInput, current: TitleDetail, tally: LinkTally): ParsedTitleInput {
  const usedReleases = new Set<number>();
  let kept = 0;
  const matchLinks = <L extends { url: string; label: string; status: string; size?: string | null }>(
    links: L[],
    existing: TitleDetail["releases"][number]["zipLinks"],
  ) => {
    const used = new Set<number>();
    return links.map((link) => {
      const old = existing.find((e) => e.url === link.url && !used.has(e.id));
      if (!old) {
        tally.create++;
        return link;
      }
      used.add(old.id);
      kept++;
      const same = old.label === link.label && old.status === link.status && (link.size === undefined || old.size === link.size);
      if (same) tally.skip++;
      else tally.update++;
      return { ...link, id: old.id };
    });
  };
  const releases = data.releases.map((release) => {
    const old = current.releases.find((r) => !usedReleases.has(r.id) && releaseKey(r) === releaseKey(release));
    if (!old) {
      tally.create += release.zipLinks.length + release.files.reduce((n, f) => n + f.links.length, 0);
      return release;
    }
    usedReleases.add(old.id);
    const usedFiles = new Set<number>();
    const files = release.files.map((file) => {
      const oldFile = old.files.find((f) => f.title === file.title && !usedFiles.has(f.id));
      if (!oldFile) {
        tally.create += file.links.length;
        return file;
      }
      usedFiles.add(oldFile.id);
      return { ...file, id: oldFile.id, links: matchLinks(file.links, oldFile.links) };
    });
    return { ...release, id: old.id, files, zipLinks: matchLinks(release.zipLinks, old.zipLinks) };
  });
  const before = current.releases.reduce((n, r) => n + r.zipLinks.length + r.files.reduce((m, f) => m + f.links.length, 0), 0);
  tally.remove += before - kept;
  return { ...data, releases };
}

type Decision =
  { action: "create"; data: ParsedTitleInput } | { action: "update"; data: ParsedTitleInput; current: TitleDetail } | { action: "skip" };

function linksOf(data: ParsedTitleInput): number {
  return data.releases.reduce((n, r) => n + r.zipLinks.length + r.files.reduce((m, f) => m + f.links.length, 0), 0);
}

/**
 * Each title of a batch's identity (identify), the catalogue title it writes to
 * (matchOf) and that title's copy with its whole tree, read in a few queries for the
 * batch (getTitles) rather than a few per title.
 */
async function matchBatch(
  db: Db,
  batch: RunItem[],
  duplicatesAs: DuplicatesAs | null,
): Promise<{ identity: Identity; match: number | null; current: TitleDetail | null }[]> {
  const identities = await identify(db, batch);
  const matches = identities.map((identity) => matchOf(identity, duplicatesAs));
  const trees = await getTitles(
    db,
    matches.filter((id): id is number => id !== null),
    { includeDisabled: true },
  );
  return identities.map((identity, i) => {
    const match = matches[i]!;
    return { identity, match, current: match === null ? null : (trees.get(match) ?? null) };
  });
}

async function decide(db: Db, item: RunItem, current: TitleDetail | null, tally: LinkTally): Promise<Decision> {
  if (current === null) {
    tally.create += linksOf(item.data);
    return { action: "create", data: item.data };
  }
  const currentLinks = current.releases.reduce((n, r) => n + r.zipLinks.length + r.files.reduce((m, f) => m + f.links.length, 0), 0);
  if (item.onlyNew) {
    tally.skip += currentLinks;
    return { action: "skip" };
  }
  const currentData = parsedFromDetail(current);
  const wanted = currentData ? merged(currentData, item) : { ...item.data };
  // A slug another title has is disambiguated on save as on create (`it-2017`): the
  // one this title would get is what it is compared with, so a re-import is a skip.
  if (wanted.slug !== null && wanted.slug !== current.slug) wanted.slug = await uniqueSlug(db, wanted, current.id);
  if (currentData && canonical(wanted) === canonical(currentData)) {
    tally.skip += currentLinks;
    return { action: "skip" };
  }
  return { action: "update", data: keepIds(wanted, current, tally), current };
}

// ---------------------------------------------------------------------------
// Dry run

export interface PrepareOptions {
  format: ImportFileFormat;
  /** Needed for id lists; null when TMDB is not configured. */
  tmdb?: TmdbClient | null;
  /** Shortest time between two TMDB requests (id lists). */
  tmdbIntervalMs?: number;
  /** Waits after TMDB says it is limiting requests, before asking again (up to 3 times). */
  tmdbRetryWaitMs?: number;
  /** What a possible duplicate (a catalogue title of the same name, no id on either side) is: that title, or a new one. */
  duplicates?: DuplicatesAs | null;
  onProgress?: (done: number, total: number) => void;
}

export interface PreparedImport {
  items: RunItem[];
  /** The file's genre list (JSON exports), added before the titles so unused genres carry over too. */
  genres: string[];
  plan: ImportPlan;
}

/** What a run stores to apply later. */
interface StoredItems {
  genres: string[];
  items: RunItem[];
}

function capErrors(errors: RowError[]): { errors: RowError[]; moreErrors: number } {
  const sorted = [...errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { errors: sorted.slice(0, MAX_REPORTED_ERRORS), moreErrors: Math.max(0, sorted.length - MAX_REPORTED_ERRORS) };
}

/** Reads and validates a file (its text, or a stream of it), fetches id lists from TMDB, and counts what applying it would do. Writes nothing. */
export async function prepareImport(db: Db, source: ImportSource, options: PrepareOptions): Promise<PreparedImport> {
  const parsed = await parseImportFile(source, options.format);
  const errors = [...parsed.errors];
  let items: RunItem[];
  const genres = parsed.format === "ids" ? [] : parsed.genres;
  if (parsed.format === "ids") {
    const fetched = await fetchIdList(db, parsed.ids, options);
    items = fetched.items;
    errors.push(...fetched.errors);
  } else {
    items = parsed.titles;
  }
  const duplicatesAs = options.duplicates ?? null;
  const { counts, duplicates } = await planCounts(db, items, errors, duplicatesAs);
  const newGenres = await unknownGenres(db, [...genres, ...items.flatMap((i) => i.data.genres)]);
  return { items, genres, plan: { format: options.format, counts, newGenres, duplicatesAs, duplicates, ...capErrors(errors) } };
}

async function planCounts(
  db: Db,
  items: RunItem[],
  errors: RowError[],
  duplicatesAs: DuplicatesAs | null,
): Promise<{ counts: PlanCounts; duplicates: RowError[] }> {
  const counts: PlanCounts = { titles: { create: 0, update: 0, skip: 0 }, links: { create: 0, update: 0, skip: 0, remove: 0 } };
  const duplicates: RowError[] = [];
  // Two file titles on one catalogue title would each rewrite it: the second is an error.
  const matchedBy = new Map<number, number>();
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    const batch = items.slice(start, start + BATCH_SIZE);
    const matched = await matchBatch(db, batch, duplicatesAs);
    for (const [i, item] of batch.entries()) {
      const { identity, match, current } = matched[i]!;
      const { error, possibleDuplicate } = identity;
      if (error) {
        errors.push(error);
        continue;
      }
      if (possibleDuplicate) {
        const problem = { line: item.line, field: "title", message: possibleDuplicateMessage(possibleDuplicate, duplicatesAs) };
        (duplicatesAs ? duplicates : errors).push(problem);
      }
      if (match !== null) {
        const earlier = matchedBy.get(match);
        if (earlier !== undefined) {
          errors.push({ line: item.line, field: "title", message: `Matches the same catalogue title (#${match}) as line ${earlier}.` });
          continue;
        }
        matchedBy.set(match, item.line);
      }
      const decision = await decide(db, item, current, counts.links);
      counts.titles[decision.action]++;
    }
  }
  return { counts, duplicates };
}

/** The names among `names` no catalogue genre has (by name, ignoring case, or by slug), once each, in order. */
async function unknownGenres(db: Db, names: string[]): Promise<string[]> {
  const bySlug = new Map<string, string>();
  for (const name of names) if (!bySlug.has(genreSlug(name))) bySlug.set(genreSlug(name), name);
  if (bySlug.size === 0) return [];
  const known = await db.selectFrom("genres").select(["name", "slug"]).execute();
  for (const g of known) {
    bySlug.delete(g.slug);
    bySlug.delete(genreSlug(g.name));
  }
  return [...bySlug.values()];
}

// ---------------------------------------------------------------------------
// Id lists through TMDB

/** TMDB's details as a title; a detail the catalogue cannot store (a control character, an overlong name) is the line's error. */
function fromExternal(ext: ExternalTitle): ReturnType<typeof titleInputSchema.safeParse> {
  return titleInputSchema.safeParse({
    type: ext.type,
    title: ext.title,
    originalTitle: ext.originalTitle,
    tmdbId: ext.tmdbId,
    imdbId: ext.imdbId,
    overview: ext.overview,
    tagline: ext.tagline,
    releaseDate: ext.releaseDate,
    runtimeMinutes: ext.runtimeMinutes,
    rating: ext.rating,
    tmdbPopularity: ext.tmdbPopularity,
    tmdbVoteAverage: ext.tmdbVoteAverage,
    tmdbVoteCount: ext.tmdbVoteCount,
    adult: ext.adult,
    language: ext.language,
    posterUrl: ext.posterUrl,
    backgroundUrl: ext.backgroundUrl,
    trailerUrl: ext.trailerUrl,
    genres: ext.genres,
    directors: ext.directors,
    cast: ext.cast.slice(0, 200),
  });
}

const ALL_FIELDS = Object.keys(titleInputSchema.shape) as TitleField[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fetches each id's details from TMDB, one request at a time, at most one every
 * `tmdbIntervalMs`; when TMDB limits requests the list waits and asks again. Ids
 * whose title the catalogue already has are not fetched at all.
 */
async function fetchIdList(db: Db, ids: IdLine[], options: PrepareOptions): Promise<{ items: RunItem[]; errors: RowError[] }> {
  const errors: RowError[] = [];
  const items: RunItem[] = [];
  if (ids.length === 0) return { items, errors };
  const tmdb = options.tmdb;
  if (!tmdb) throw new AppError(503, `${TMDB_NOT_CONFIGURED}: an id list needs TMDB to fetch each title's details.`);
  const interval = options.tmdbIntervalMs ?? 50;
  const retryWait = options.tmdbRetryWaitMs ?? 10_000;
  let last = 0;
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const wait = last + interval - Date.now();
      if (wait > 0) await sleep(wait);
      last = Date.now();
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof TmdbError) || error.kind !== "rate_limited" || attempt >= 3) throw error;
        await sleep(retryWait);
      }
    }
  };
  for (const [index, { line, lookup }] of ids.entries()) {
    options.onProgress?.(index, ids.length);
    try {
      const known = await db
        .selectFrom("titles")
        .select("id")
        .where((eb) =>
          lookup.kind === "imdb" ? eb("imdb_id", "=", lookup.id) : eb.and([eb("tmdb_id", "=", lookup.id), eb("type", "=", lookup.type)]),
        )
        .executeTakeFirst();
      let ref = lookup.kind === "tmdb" ? { type: lookup.type, tmdbId: lookup.id } : null;
      if (lookup.kind === "imdb" && !known) {
        ref = await call(() => tmdb.findByImdb(lookup.id));
        if (!ref) {
          errors.push({ line, field: "id", message: `TMDB knows no title with the IMDb id ${lookup.id}.` });
          continue;
        }
      }
      if (known) {
        // Skipped by the plan without asking TMDB: the catalogue's copy stays as it is.
        const current = await getTitle(db, known.id, { includeDisabled: true });
        const data = current && parsedFromDetail(current);
        if (data) items.push({ line, data, provided: [], onlyNew: true });
        continue;
      }
      const ext = await call(() => tmdb.details(ref!.type, ref!.tmdbId));
      const parsed = fromExternal(ext);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        errors.push({ line, field: "id", message: `TMDB's ${issue.path.join(".")} cannot be stored: ${issue.message}.` });
        continue;
      }
      items.push({ line, data: parsed.data, provided: ALL_FIELDS, onlyNew: true });
    } catch (error) {
      if (!(error instanceof TmdbError)) throw error;
      const message =
        error.kind === "not_found"
          ? `TMDB has no ${lookup.kind === "tmdb" && lookup.type === "tv" ? "TV show" : "movie"} with this id.`
          : error.message;
      errors.push({ line, field: "id", message });
    }
  }
  options.onProgress?.(ids.length, ids.length);
  // Two lines naming the same title (its TMDB id and its IMDb id): the second is reported.
  const seen = new Map<string, number>();
  const unique = items.filter((item) => {
    const key = `${item.data.type}:${item.data.tmdbId}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({ line: item.line, field: "id", message: `The same title as on line ${earlier}.` });
      return false;
    }
    seen.set(key, item.line);
    return true;
  });
  return { items: unique, errors };
}

// ---------------------------------------------------------------------------
// Runs

function toRun(row: {
  id: number;
  created_at: string;
  updated_at: string;
  actor: string;
  source_name: string;
  format: ImportFormat;
  status: ImportStatus;
  total: number;
  done: number;
  created: number;
  updated: number;
  skipped: number;
  plan: string;
  error: string | null;
}): ImportRun {
  return {
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    actor: row.actor,
    sourceName: row.source_name,
    format: row.format,
    status: row.status,
    total: Number(row.total),
    done: Number(row.done),
    created: Number(row.created),
    updated: Number(row.updated),
    skipped: Number(row.skipped),
    plan: JSON.parse(row.plan) as ImportPlan,
    error: row.error,
  };
}

const RUN_COLUMNS = [
  "id",
  "created_at",
  "updated_at",
  "actor",
  "source_name",
  "format",
  "status",
  "total",
  "done",
  "created",
  "updated",
  "skipped",
  "plan",
  "error",
] as const;

/** Stores a dry run so it can be applied (and resumed) later. */
export async function createImportRun(
  db: Db,
  actor: Actor,
  source: { name: string; format: ImportFileFormat },
  prepared: PreparedImport,
): Promise<ImportRun> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("import_runs")
    .values({
      created_at: now,
      updated_at: now,
      admin_id: actor.id,
      actor: actor.name,
      source_name: source.name.slice(0, 200),
      format: source.format,
      status: "planned",
      items: JSON.stringify({ genres: prepared.genres, items: prepared.items } satisfies StoredItems),
      total: prepared.items.length,
      plan: JSON.stringify(prepared.plan),
    })
    .returning(RUN_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRun(row);
}

export async function getImportRun(db: Db, id: number): Promise<ImportRun | null> {
  const row = await db.selectFrom("import_runs").select(RUN_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toRun(row) : null;
}

export async function listImportRuns(db: Db, limit = 10): Promise<ImportRun[]> {
  const rows = await db.selectFrom("import_runs").select(RUN_COLUMNS).orderBy("id", "desc").limit(limit).execute();
  return rows.map(toRun);
}

/** An apply nobody is advancing any more (its process ended). */
export function isStalled(run: ImportRun, now = Date.now()): boolean {
  return run.status === "applying" && now - Date.parse(run.updatedAt) > STALE_APPLY_MS;
}

/** Whether Apply (or Resume) may be pressed for this run. */
export function canApply(run: ImportRun, now = Date.now()): boolean {
  if (run.plan.errors.length > 0 || run.plan.moreErrors > 0 || run.total === 0) return false;
  return run.status === "planned" || run.status === "failed" || isStalled(run, now);
}

/**
 * Takes the run for this process: planned, failed and stalled runs can be taken;
 * a run another process is applying cannot (AppError 409).
 */
export async function claimImportRun(db: Db, id: number, now = Date.now()): Promise<ImportRun> {
  const run = await getImportRun(db, id);
  if (!run) throw new AppError(404, IMPORT_NOT_FOUND);
  if (run.plan.errors.length > 0 || run.plan.moreErrors > 0) throw new AppError(400, IMPORT_HAS_ERRORS);
  if (run.total === 0) throw new AppError(400, EMPTY_IMPORT);
  if (run.status === "done") return run;
  if (!canApply(run, now)) throw new AppError(409, IMPORT_BUSY);
  const result = await db
    .updateTable("import_runs")
    .set({ status: "applying", updated_at: new Date(now).toISOString(), error: null })
    .where("id", "=", id)
    .where("updated_at", "=", run.updatedAt)
    .where("status", "=", run.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError(409, IMPORT_BUSY);
  return { ...run, status: "applying" };
}

export interface ApplyOptions {
  batchSize?: number;
  onProgress?: (run: ImportRun) => void;
}

/**
 * Applies a claimed run from its first unapplied title, a batch per transaction;
 * each batch advances `done` in its own transaction, so a crash loses at most the
 * batch under way (rolled back) and a resume redoes only that. Ends with ANALYZE on
 * PostgreSQL (a bulk load leaves the planner's statistics behind), a content
 * version bump and one audit entry.
 */
export async function applyImportRun(db: Db, actor: Actor, id: number, options: ApplyOptions = {}): Promise<ImportRun> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const row = await db.selectFrom("import_runs").select(["items", "status"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError(404, IMPORT_NOT_FOUND);
  let run = (await getImportRun(db, id))!;
  if (run.status === "done") return run;
  if (run.status !== "applying") throw new AppError(409, "Claim the import before applying it.");
  const { genres, items } = JSON.parse(row.items) as StoredItems;
  try {
    if (run.done === 0 && genres.length) await resolveGenreIds(db, genres);
    for (let start = run.done; start < items.length; start += batchSize) {
      const batch = items.slice(start, start + batchSize);
      run = await inTransaction(db, async (trx) => {
        const matched = await matchBatch(trx, batch, run.plan.duplicatesAs ?? null);
        const tally = { create: 0, update: 0, skip: 0, remove: 0 };
        const done = { create: 0, update: 0, skip: 0 };
        const creates: ParsedTitleInput[] = [];
        for (const [i, item] of batch.entries()) {
          const { identity, current } = matched[i]!;
          // The catalogue changed since the check: stop here (nothing of this batch is written) rather than save a wrong title.
          if (identity.error) throw new AppError(409, `line ${identity.error.line}: ${identity.error.message}`);
          const decision = await decide(trx, item, current, tally);
          if (decision.action === "create") creates.push(decision.data);
          else if (decision.action === "update") await replaceParsedTitle(trx, decision.current, decision.data);
          done[decision.action]++;
        }
        // New titles in set-based inserts, then indexed for search together.
        const createdIds = await insertParsedTitles(trx, creates);
        if (createdIds.length > 0) {
          await indexTitles(trx, createdIds);
          await bumpContentVersion(trx);
        }
        const next = await trx
          .updateTable("import_runs")
          .set({
            done: start + batch.length,
            created: sql<number>`created + ${done.create}`,
            updated: sql<number>`updated + ${done.update}`,
            skipped: sql<number>`skipped + ${done.skip}`,
            updated_at: new Date().toISOString(),
          })
          .where("id", "=", id)
          .returning(RUN_COLUMNS)
          .executeTakeFirstOrThrow();
        return toRun(next);
      });
      options.onProgress?.(run);
    }
  } catch (error) {
    const message = error instanceof AppError ? error.message : "The import stopped on an unexpected error; it can be resumed.";
    await db
      .updateTable("import_runs")
      .set({ status: "failed", error: message, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    throw error;
  }
  const changed = run.created + run.updated > 0;
  if (changed) await vacuumAfterBulkWrite(db);
  return inTransaction(db, async (trx) => {
    // Each saved title bumped the version already; this one covers the whole run for caches that read it late.
    if (changed) await bumpContentVersion(trx);
    const finished = await trx
      .updateTable("import_runs")
      // The stored titles are only needed to resume; a finished run keeps its counts and plan.
      .set({ status: "done", updated_at: new Date().toISOString(), items: JSON.stringify({ genres: [], items: [] } satisfies StoredItems) })
      .where("id", "=", id)
      .returning(RUN_COLUMNS)
      .executeTakeFirstOrThrow();
    const result = toRun(finished);
    await recordAudit(trx, actor, {
      action: "catalogue.import",
      entityType: "import",
      entityId: id,
      summary: `Imported ${result.sourceName}: ${plural(result.created, "title")} added, ${result.updated} updated, ${result.skipped} unchanged`,
      details: { format: result.format, created: result.created, updated: result.updated, skipped: result.skipped },
    });
    return result;
  });
}

/** Claims and applies in one call (the command line; the admin screen claims first, then applies in the background). */
export async function runImport(db: Db, actor: Actor, id: number, options: ApplyOptions = {}): Promise<ImportRun> {
  await claimImportRun(db, id);
  return applyImportRun(db, actor, id, options);
}

// ---------------------------------------------------------------------------
// The apply as a background job (ADR 028)

export const IMPORT_JOB = "catalogue-import";

export interface ImportJobData {
  runId: number;
  actor: Actor;
}

/**
 * Applies a claimed run through the job runner (ADR 028): it survives the request
 * that asked for it, runs on one instance, and a run its instance abandoned is
 * retried. Progress is the run's `done`, which each batch advances; the admin
 * screen polls it. A retry takes the run back first (failed, or stalled after its
 * process died); a run another process is still applying makes the attempt fail
 * with 409 and wait for the next.
 */
export function importJob(app: { db: Db }, hooks: ApplyOptions = {}): JobDefinition<ImportJobData> {
  return {
    name: IMPORT_JOB,
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    // A 50,000-title file applies in minutes; a run still going after an hour is presumed dead.
    timeoutSeconds: 60 * 60,
    async run({ runId, actor }, job) {
      const run = await getImportRun(app.db, runId);
      if (!run || run.status === "done") return;
      if (run.status !== "applying" || job.attempt > 1) await claimImportRun(app.db, runId);
      await applyImportRun(app.db, actor, runId, hooks);
    },
  };
}

/**
 * Starts applying a run the caller has claimed: as a job when the site has a job
 * runner (always, in the server), else in this process after answering (route
 * tests that start no runner).
 */
export async function startImportApply(
  app: { db: Db; jobs: Pick<JobRunner, "enqueue"> | null; logger: { error(obj: object, msg: string): void } },
  actor: Actor,
  runId: number,
): Promise<void> {
  if (app.jobs) {
    await app.jobs.enqueue<ImportJobData>(IMPORT_JOB, { runId, actor });
    return;
  }
  void applyImportRun(app.db, actor, runId).catch((error: unknown) => app.logger.error({ err: error, importRun: runId }, "import stopped"));
}
