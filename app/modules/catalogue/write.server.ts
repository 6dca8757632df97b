import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import type { LinkKind, NewTitleRow, TitleType } from "#app/db/schema.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { dialectOf } from "#app/db/dialect.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { SOME_FIELDS_INVALID, validate } from "#app/utils/validation.ts";
import { indexTitles } from "./search-index.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { getTitle } from "./read.server.ts";
import { titleInputSchema, type ParsedReleaseInput, type ParsedTitleInput, type TitleInput } from "./schema.ts";
import { firstFreeSlug, genreSlug, slugCandidatesPrefix } from "./slug.ts";
import type { FileEntry, Link, Release, TitleDetail, TitleRef } from "./types.ts";
import { slugify } from "#app/utils/slug.ts";

export const TITLE_NOT_FOUND = "No item found with this ID. Please try again later.";

const TYPE_WORDS: Record<TitleType, string> = { movie: "movie", tv: "TV show" };

/** The refusal of a second title with a TMDB id (same type) or an IMDb id the catalogue already has. */
export function duplicateTmdbMessage(type: TitleType, tmdbId: number, existing: TitleRef): string {
  return `A ${TYPE_WORDS[type]} with TMDB ID ${tmdbId} is already in the catalogue: “${existing.title}”.`;
}

export function duplicateImdbMessage(imdbId: string, existing: TitleRef): string {
  return `A title with IMDb ID ${imdbId} is already in the catalogue: “${existing.title}”.`;
}

/** The existing title a refused duplicate id belongs to, from a form failure's details. */
export interface DuplicateDetails {
  duplicateOf: TitleRef;
}

/**
 * One title per TMDB id and type, and per IMDb id. Only a new id is checked: a
 * title whose ids did not change saves as before, so duplicates stored before this
 * check (or by a race between two saves) never make a title unsavable. A 409 on the
 * id's field, with the title that has it (details.duplicateOf).
 */
async function refuseDuplicateIds(trx: Db, data: ParsedTitleInput, current: TitleDetail | null): Promise<void> {
  const others = (query: ReturnType<typeof selectRefs>) => (current ? query.where("id", "!=", current.id) : query);
  const selectRefs = () => trx.selectFrom("titles").select(["id", "type", "slug", "title"]).orderBy("id").limit(1);
  const refuse = (field: string, message: string, existing: TitleRef) => {
    throw new AppError(409, message, { fields: { [field]: [message] }, details: { duplicateOf: existing } satisfies DuplicateDetails });
  };
  const tmdbChanged = current === null || current.tmdbId !== data.tmdbId || current.type !== data.type;
  if (data.tmdbId !== null && tmdbChanged) {
    const existing = await others(selectRefs().where("type", "=", data.type).where("tmdb_id", "=", data.tmdbId)).executeTakeFirst();
    if (existing) refuse("tmdbId", duplicateTmdbMessage(data.type, data.tmdbId, existing), existing);
  }
  if (data.imdbId !== null && (current === null || current.imdbId !== data.imdbId)) {
    const existing = await others(selectRefs().where("imdb_id", "=", data.imdbId)).executeTakeFirst();
    if (existing) refuse("imdbId", duplicateImdbMessage(data.imdbId, existing), existing);
  }
}

/** Validates a title tree; invalid input is a 400 with messages per field path. */
export function parseTitleInput(input: unknown): ParsedTitleInput {
  const parsed = validate(titleInputSchema, input as Record<string, unknown>, SOME_FIELDS_INVALID);
  if (!parsed.ok) throw new AppError(400, parsed.failure.error, { fields: parsed.failure.fields });
  return parsed.data;
}

function titleColumns(data: ParsedTitleInput) {
  return {
    type: data.type,
    title: data.title,
    original_title: data.originalTitle,
    tmdb_id: data.tmdbId,
    imdb_id: data.imdbId,
    overview: data.overview,
    tagline: data.tagline,
    storyline: data.storyline,
    release_date: data.releaseDate,
    runtime_minutes: data.runtimeMinutes,
    rating: data.rating,
    adult: data.adult,
    language: data.language,
    poster_url: data.posterUrl,
    background_url: data.backgroundUrl,
    trailer_url: data.trailerUrl,
    file_format: data.fileFormat,
    featured: data.featured,
    featured_order: data.featuredOrder,
  } satisfies Partial<NewTitleRow>;
}

/**
 * TMDB's figures as a write sets them: a new title stores null for absent ones; an
 * update (over `current`) leaves absent ones as they are (the admin editor never
 * sends them, and an API client's GET then PUT sends back what it read). New
 * figures count as a refresh.
 */
function tmdbFigureColumns(data: ParsedTitleInput, now: string, current: TitleDetail | null = null) {
  const columns: Pick<NewTitleRow, "tmdb_popularity" | "tmdb_vote_average" | "tmdb_vote_count" | "tmdb_refreshed_at"> = {};
  const figures = [
    ["tmdb_popularity", data.tmdbPopularity, current?.tmdbPopularity],
    ["tmdb_vote_average", data.tmdbVoteAverage, current?.tmdbVoteAverage],
    ["tmdb_vote_count", data.tmdbVoteCount, current?.tmdbVoteCount],
  ] as const;
  let fresh = false;
  for (const [column, value, was] of figures) {
    if (current && value === undefined) continue;
    columns[column] = value ?? null;
    if (value !== undefined && value !== null && value !== was) fresh = true;
  }
  if (fresh) columns.tmdb_refreshed_at = now;
  else if (!current) columns.tmdb_refreshed_at = null;
  return columns;
}

/** Slugs of the type that a title with this base could collide with (every candidate starts with the prefix). */
async function takenSlugs(trx: Db, type: TitleType, base: string, exceptId?: number): Promise<string[]> {
  let query = trx
    .selectFrom("titles")
    .select("slug")
    .where("type", "=", type)
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${slugCandidatesPrefix(base)}%`)]));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.execute()).map((r) => r.slug);
}

/** The title's slug: the one it asks for (or its title's), else `-year`, else `-2`, … (slugCandidates); unique within its type. */
export async function uniqueSlug(trx: Db, data: Pick<ParsedTitleInput, "type" | "slug" | "title" | "releaseDate">, exceptId?: number) {
  const base = slugify(data.slug ?? data.title);
  return firstFreeSlug(base, await takenSlugs(trx, data.type, base, exceptId), data.releaseDate?.slice(0, 4) ?? null);
}

/**
 * Genre ids for names, in order; names not in the list yet are added to it. A
 * genre is found by its slug or by its name (ignoring case): a renamed genre keeps
 * its slug (ADR 033), so "Science Fiction" still finds the genre at /genre/sci-fi.
 */
export async function resolveGenreIds(trx: Db, names: string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const bySlug = await genreIdsBySlug(trx, names);
  return [...new Set(names.map((n) => bySlug.get(genreSlug(n))!))];
}

/** resolveGenreIds for many titles' names at once: every name's genre id, by the name's slug (genreSlug). */
async function genreIdsBySlug(trx: Db, names: string[]): Promise<Map<string, number>> {
  const bySlug = new Map<string, number>();
  names = [...new Set(names)];
  if (names.length === 0) return bySlug;
  const slugs = names.map(genreSlug);
  const found = await trx
    .selectFrom("genres")
    .select(["id", "slug", "name"])
    .where((eb) =>
      eb.or([eb("slug", "in", [...new Set(slugs)]), eb(sql<string>`lower(name)`, "in", [...new Set(names.map((n) => n.toLowerCase()))])]),
    )
    .execute();
  // A name match wins over a slug match: the slug of a renamed genre may read like another name.
  for (const g of found) bySlug.set(g.slug, g.id);
  for (const g of found) bySlug.set(genreSlug(g.name), g.id);
  // Two new names may share a slug ("Noir" and "Noir!"): the first makes the genre, the second is it.
  const missing = names.filter((_, i) => !bySlug.has(slugs[i]!) && slugs.indexOf(slugs[i]!) === i);
  if (missing.length > 0) {
    const { max } = await trx
      .selectFrom("genres")
      .select((eb) => eb.fn.max("position").as("max"))
      .executeTakeFirstOrThrow();
    // A genre another transaction added meanwhile inserts nothing here and is read back below.
    await trx
      .insertInto("genres")
      .values(missing.map((name, i) => ({ name, slug: genreSlug(name), position: Number(max ?? 0) + i + 1 })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const added = await trx.selectFrom("genres").select(["id", "slug"]).where("slug", "in", missing.map(genreSlug)).execute();
    for (const g of added) bySlug.set(g.slug, g.id);
  }
  return bySlug;
}

/** Genres, credits, subtitles and screenshots: rows nothing else refers to, so a list that changed is rewritten. */
async function writeAttributes(trx: Db, titleId: number, data: ParsedTitleInput, before: TitleDetail | null) {
  const same = (a: unknown, b: unknown) => before !== null && JSON.stringify(a) === JSON.stringify(b);
  const genresSame = same([...new Set(before?.genres.map((g) => g.slug))], [...new Set(data.genres.map(genreSlug))]);
  const creditsSame = same([before?.directors, before?.cast], [data.directors, data.cast]);
  const subtitlesSame = same(before?.subtitles, data.subtitles);
  const screenshotsSame = same(
    before?.screenshots.map((s) => s.url),
    data.screenshots,
  );
  if (before) {
    const lists = [
      ["title_genres", genresSame],
      ["credits", creditsSame],
      ["title_subtitles", subtitlesSame],
      ["screenshots", screenshotsSame],
    ] as const;
    const changed = lists.filter(([, same]) => !same).map(([table]) => table);
    await Promise.all(changed.map((table) => trx.deleteFrom(table).where("title_id", "=", titleId).execute()));
  }
  if (!genresSame) {
    const genreIds = await resolveGenreIds(trx, data.genres);
    if (genreIds.length) {
      await trx
        .insertInto("title_genres")
        .values(genreIds.map((genre_id, position) => ({ title_id: titleId, genre_id, position })))
        .execute();
    }
  }
  const credits = [
    ...data.directors.map((name) => ({ role: "director" as const, name, character: null })),
    ...data.cast.map((c) => ({ role: "cast" as const, name: c.name, character: c.character })),
  ];
  if (!creditsSame && credits.length) {
    await trx
      .insertInto("credits")
      .values(credits.map((c, position) => ({ title_id: titleId, ...c, position })))
      .execute();
  }
  if (!subtitlesSame && data.subtitles.length) {
    await trx
      .insertInto("title_subtitles")
      .values(data.subtitles.map((language, position) => ({ title_id: titleId, language, position })))
      .execute();
  }
  if (!screenshotsSame && data.screenshots.length) {
    await trx
      .insertInto("screenshots")
      .values(data.screenshots.map((url, position) => ({ title_id: titleId, url, position })))
      .execute();
  }
}

/**
 * Rows of the download tree keep their ids across edits (an out-link's id is in
 * visitors' bookmarks and its click count hangs on it): an input row with an id
 * updates that row, one without is inserted, and rows left out are deleted.
 * An id that does not belong where it is given is refused. What exists is taken
 * from the tree read before the write (same transaction), not queried per row.
 */
function claim<T extends { id: number }>(existing: T[], kept: Set<number>, id: number, path: string, what: string): T {
  const row = existing.find((r) => r.id === id);
  if (!row || kept.has(id)) {
    throw new AppError(400, SOME_FIELDS_INVALID, { fields: { [path]: [`This ${what} does not belong here`] } });
  }
  kept.add(id);
  return row;
}

async function syncReleases(trx: Db, titleId: number, releases: ParsedReleaseInput[], existing: Release[]) {
  const kept = new Set<number>();
  for (const [position, release] of releases.entries()) {
    const path = `releases.${position}`;
    let releaseId: number;
    let old: Release | null = null;
    if (release.id !== undefined) {
      old = claim(existing, kept, release.id, `${path}.id`, "download group");
      releaseId = release.id;
      await trx
        .updateTable("releases")
        .set({ quality: release.quality, season: release.season, position })
        .where("id", "=", releaseId)
        .execute();
    } else {
      releaseId = (
        await trx
          .insertInto("releases")
          .values({ title_id: titleId, quality: release.quality, season: release.season, position })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    await syncFiles(trx, releaseId, release, path, old?.files ?? []);
    await syncLinks(trx, releaseId, null, "zip", release.zipLinks, `${path}.zipLinks`, old?.zipLinks ?? []);
  }
  await deleteUnkept(trx, "releases", existing, kept);
}

async function syncFiles(trx: Db, releaseId: number, release: ParsedReleaseInput, path: string, existing: FileEntry[]) {
  const kept = new Set<number>();
  for (const [position, file] of release.files.entries()) {
    const filePath = `${path}.files.${position}`;
    let fileId: number;
    let old: FileEntry | null = null;
    if (file.id !== undefined) {
      old = claim(existing, kept, file.id, `${filePath}.id`, "file");
      fileId = file.id;
      await trx.updateTable("files").set({ title: file.title, size: file.size, position }).where("id", "=", fileId).execute();
    } else {
      fileId = (
        await trx
          .insertInto("files")
          .values({ release_id: releaseId, title: file.title, size: file.size, position })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    await syncLinks(trx, releaseId, fileId, "file", file.links, `${filePath}.links`, old?.links ?? []);
  }
  await deleteUnkept(trx, "files", existing, kept);
}

interface LinkInput {
  id?: number | undefined;
  label: string;
  url: string;
  size?: string | null;
  status: "ok" | "broken" | "disabled";
}

async function syncLinks(
  trx: Db,
  releaseId: number,
  fileId: number | null,
  kind: LinkKind,
  links: LinkInput[],
  path: string,
  existing: Link[],
) {
  const kept = new Set<number>();
  const inserts = [];
  for (const [position, link] of links.entries()) {
    const values = { label: link.label, url: link.url, size: link.size ?? null, status: link.status, position };
    if (link.id !== undefined) {
      claim(existing, kept, link.id, `${path}.${position}.id`, "link");
      await trx.updateTable("links").set(values).where("id", "=", link.id).execute();
    } else {
      inserts.push({ ...values, release_id: releaseId, file_id: fileId, kind });
    }
  }
  if (inserts.length) await trx.insertInto("links").values(inserts).execute();
  await deleteUnkept(trx, "links", existing, kept);
}

async function deleteUnkept(trx: Db, table: "releases" | "files" | "links", existing: { id: number }[], kept: Set<number>) {
  const gone = existing.map((r) => r.id).filter((id) => !kept.has(id));
  if (gone.length) await trx.deleteFrom(table).where("id", "in", gone).execute();
}

/** Creates a title with its whole tree in one transaction. */
export async function createTitle(db: Db, input: TitleInput): Promise<TitleDetail> {
  return createParsedTitle(db, parseTitleInput(input));
}

/** createTitle for input its caller has already validated (the admin editor's schema does). */
export async function createParsedTitle(db: Db, data: ParsedTitleInput): Promise<TitleDetail> {
  return inTransaction(db, async (trx) => {
    await refuseDuplicateIds(trx, data, null);
    const id = await insertParsedTitle(trx, data);
    await bumpContentVersion(trx);
    return (await getTitle(trx, id, { includeDisabled: true }))!;
  });
}

/**
 * The create itself, inside the caller's transaction, returning the new id: no
 * read-back and no content-version bump, which a bulk import does once a batch
 * (with `index: false` it also indexes the batch's new titles for search at once).
 */
export async function insertParsedTitle(trx: Db, data: ParsedTitleInput, { index = true } = {}): Promise<number> {
  const id = await insertTitleRow(trx, data, new Date().toISOString());
  await writeAttributes(trx, id, data, null);
  await syncReleases(trx, id, data.releases, []);
  if (index) await indexTitles(trx, [id]);
  return id;
}

/** The new title's own row, under the first free slug; its id. */
async function insertTitleRow(trx: Db, data: ParsedTitleInput, now: string): Promise<number> {
  // The unique (type, slug) index decides between concurrent creates: a slug another
  // transaction took first inserts nothing (no error, so the transaction lives on),
  // and the next free one is looked up again. Bounded: each retry sees one more taken.
  let inserted: { id: number } | undefined;
  for (let attempt = 0; !inserted; attempt++) {
    if (attempt === 20) throw new AppError(409, "Another title took this address at the same moment; save again.");
    const slug = await uniqueSlug(trx, data);
    inserted = await trx
      .insertInto("titles")
      .values({
        ...titleColumns(data),
        ...tmdbFigureColumns(data, now),
        slug,
        uploaded_at: data.uploadedAt ?? now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(["type", "slug"]).doNothing())
      .returning("id")
      .executeTakeFirst();
  }
  return inserted.id;
}

/**
 * Slugs for many new titles at once, by uniqueSlug's rule (the base, else `-year`,
 * else `-2`, …, cut to fit: firstFreeSlug), free of each other as well as of the
 * catalogue: one query for all the bases, then one per base that is taken (a
 * namesake; rarely many).
 */
async function uniqueSlugs(trx: Db, items: Pick<ParsedTitleInput, "type" | "slug" | "title" | "releaseDate">[]): Promise<string[]> {
  const bases = items.map((d) => ({ type: d.type, base: slugify(d.slug ?? d.title), year: d.releaseDate?.slice(0, 4) ?? null }));
  const inCatalogue = new Set<string>();
  for (const type of ["movie", "tv"] as const) {
    const ofType = [...new Set(bases.filter((b) => b.type === type).map((b) => b.base))];
    for (let i = 0; i < ofType.length; i += 5_000) {
      const rows = await trx
        .selectFrom("titles")
        .select("slug")
        .where("type", "=", type)
        .where("slug", "in", ofType.slice(i, i + 5_000))
        .execute();
      for (const { slug } of rows) inCatalogue.add(`${type}/${slug}`);
    }
  }
  /** Per type and base: the catalogue's slugs a candidate of the base could collide with. */
  const taken = new Map<string, string[]>();
  /** Per type: the slugs given out in this batch. */
  const given = { movie: new Set<string>(), tv: new Set<string>() };
  const out: string[] = [];
  for (const { type, base, year } of bases) {
    const key = `${type}/${base}`;
    let slug = base;
    if (inCatalogue.has(key) || given[type].has(base)) {
      let inDb = taken.get(key);
      if (!inDb) taken.set(key, (inDb = await takenSlugs(trx, type, base)));
      slug = firstFreeSlug(base, [...inDb, ...given[type]], year);
    }
    given[type].add(slug);
    out.push(slug);
  }
  return out;
}

/** Rows of many new titles, each list in as few statements as the databases' parameter limits allow. */
async function insertChunked<R extends Record<string, unknown>>(trx: Db, rows: R[], insert: (chunk: R[]) => Promise<unknown>) {
  if (rows.length === 0) return;
  // SQLite binds at most 32,766 parameters a statement, PostgreSQL 65,535.
  const perChunk = Math.max(1, Math.floor((dialectOf(trx) === "sqlite" ? 32_766 : 65_535) / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += perChunk) await insert(rows.slice(i, i + perChunk));
}

/**
 * insertParsedTitle for many titles in the caller's transaction, set-based: each
 * table gets multi-row inserts (RETURNING the new ids of titles, releases and files)
 * instead of a few statements per title, so a 10,000-title import costs tens of
 * statements per batch, not tens of thousands. Same rows as insertParsedTitle
 * (slugs, genres, positions); not indexed for search (the caller indexes the batch).
 * Returns the new ids in the order of `items`.
 */
export async function insertParsedTitles(trx: Db, items: ParsedTitleInput[]): Promise<number[]> {
  if (items.length === 0) return [];
  const now = new Date().toISOString();
  const slugs = await uniqueSlugs(trx, items);
  const titleRows = items.map((data, i) => ({
    ...titleColumns(data),
    ...tmdbFigureColumns(data, now),
    slug: slugs[i]!,
    uploaded_at: data.uploadedAt ?? now,
    created_at: now,
    updated_at: now,
  }));
  const idBySlug = new Map<string, number>();
  await insertChunked(trx, titleRows, async (chunk) => {
    // A slug a concurrent create took since uniqueSlugs read them inserts nothing here
    // (no error, so the transaction lives on); that title is inserted on its own below.
    const rows = await trx
      .insertInto("titles")
      .values(chunk)
      .onConflict((oc) => oc.columns(["type", "slug"]).doNothing())
      .returning(["id", "type", "slug"])
      .execute();
    for (const r of rows) idBySlug.set(`${r.type}/${r.slug}`, r.id);
  });
  const ids: number[] = [];
  for (const [i, d] of items.entries()) ids.push(idBySlug.get(`${d.type}/${slugs[i]}`) ?? (await insertTitleRow(trx, d, now)));

  const genreIds = await genreIdsBySlug(
    trx,
    items.flatMap((d) => d.genres),
  );
  const titleGenres = items.flatMap((d, i) =>
    [...new Set(d.genres.map((g) => genreIds.get(genreSlug(g))!))].map((genre_id, position) => ({ title_id: ids[i]!, genre_id, position })),
  );
  await insertChunked(trx, titleGenres, (chunk) => trx.insertInto("title_genres").values(chunk).execute());
  const credits = items.flatMap((d, i) =>
    [
      ...d.directors.map((name) => ({ role: "director" as const, name, character: null as string | null })),
      ...d.cast.map((c) => ({ role: "cast" as const, name: c.name, character: c.character })),
    ].map((c, position) => ({ title_id: ids[i]!, ...c, position })),
  );
  await insertChunked(trx, credits, (chunk) => trx.insertInto("credits").values(chunk).execute());
  const subtitles = items.flatMap((d, i) => d.subtitles.map((language, position) => ({ title_id: ids[i]!, language, position })));
  await insertChunked(trx, subtitles, (chunk) => trx.insertInto("title_subtitles").values(chunk).execute());
  const screenshots = items.flatMap((d, i) => d.screenshots.map((url, position) => ({ title_id: ids[i]!, url, position })));
  await insertChunked(trx, screenshots, (chunk) => trx.insertInto("screenshots").values(chunk).execute());

  // The download tree: releases, then their files, then the links of both, each level's ids read back by position.
  const releaseRows = items.flatMap((d, i) =>
    d.releases.map((r, position) => ({ title_id: ids[i]!, quality: r.quality, season: r.season, position })),
  );
  const releaseIds = new Map<string, number>();
  await insertChunked(trx, releaseRows, async (chunk) => {
    const rows = await trx.insertInto("releases").values(chunk).returning(["id", "title_id", "position"]).execute();
    for (const r of rows) releaseIds.set(`${r.title_id}:${r.position}`, r.id);
  });
  const fileRows = items.flatMap((d, i) =>
    d.releases.flatMap((r, rp) =>
      r.files.map((f, position) => ({ release_id: releaseIds.get(`${ids[i]}:${rp}`)!, title: f.title, size: f.size, position })),
    ),
  );
  const fileIds = new Map<string, number>();
  await insertChunked(trx, fileRows, async (chunk) => {
    const rows = await trx.insertInto("files").values(chunk).returning(["id", "release_id", "position"]).execute();
    for (const f of rows) fileIds.set(`${f.release_id}:${f.position}`, f.id);
  });
  const linkRows = items.flatMap((d, i) =>
    d.releases.flatMap((r, rp) => {
      const releaseId = releaseIds.get(`${ids[i]}:${rp}`)!;
      const row = (link: LinkInput, position: number, kind: LinkKind, fileId: number | null) => ({
        release_id: releaseId,
        file_id: fileId,
        kind,
        label: link.label,
        url: link.url,
        size: link.size ?? null,
        status: link.status,
        position,
      });
      return [
        ...r.files.flatMap((f, fp) => f.links.map((l, position) => row(l, position, "file", fileIds.get(`${releaseId}:${fp}`)!))),
        ...r.zipLinks.map((l, position) => row(l, position, "zip", null)),
      ];
    }),
  );
  await insertChunked(trx, linkRows, (chunk) => trx.insertInto("links").values(chunk).execute());
  return ids;
}

/** Replaces a title's fields and tree in one transaction (see claim() for ids). */
export async function replaceTitle(db: Db, id: number, input: TitleInput): Promise<TitleDetail> {
  const data = parseTitleInput(input);
  return inTransaction(db, async (trx) => {
    const current = await getTitle(trx, id, { includeDisabled: true });
    if (!current) throw new AppError(404, TITLE_NOT_FOUND);
    return replaceParsedTitle(trx, current, data);
  });
}

/**
 * replaceTitle for validated input over `current`, the title's whole tree (with
 * disabled links) as read in the caller's transaction: the write takes the ids it
 * may keep from it instead of reading them again, and rewrites only the lists
 * that changed. Returns the tree as stored afterwards (one read).
 */
export async function replaceParsedTitle(db: Db, current: TitleDetail, data: ParsedTitleInput): Promise<TitleDetail> {
  return inTransaction(db, async (trx) => {
    await refuseDuplicateIds(trx, data, current);
    const id = current.id;
    const now = new Date().toISOString();
    // An unchanged slug of the same type is still this title's own; no need to look for a free one.
    const slug =
      data.type === current.type && slugify(data.slug ?? data.title) === current.slug ? current.slug : await uniqueSlug(trx, data, id);
    await trx
      .updateTable("titles")
      .set({
        ...titleColumns(data),
        ...tmdbFigureColumns(data, now, current),
        slug,
        uploaded_at: data.uploadedAt ?? current.uploadedAt,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    await writeAttributes(trx, id, data, current);
    await syncReleases(trx, id, data.releases, current.releases);
    await indexTitles(trx, [id]);
    await bumpContentVersion(trx);
    return (await getTitle(trx, id, { includeDisabled: true }))!;
  });
}

/**
 * Deletes a title and, through the foreign keys, its whole tree. Its view counts
 * (analytics, no foreign key: ADR 035) are forgotten by the caller in the same
 * transaction: editorial/titles.server.ts.
 */
export async function deleteTitle(db: Db, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom("titles").where("id", "=", id).executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) await bumpContentVersion(trx);
    return deleted;
  });
}

async function deleteChild(db: Db, titleId: number, remove: (trx: Db) => Promise<{ numDeletedRows: bigint }>) {
  return inTransaction(db, async (trx) => {
    const deleted = Number((await remove(trx)).numDeletedRows) > 0;
    if (deleted) {
      await trx.updateTable("titles").set({ updated_at: new Date().toISOString() }).where("id", "=", titleId).execute();
      await bumpContentVersion(trx);
    }
    return deleted;
  });
}

export function deleteScreenshot(db: Db, titleId: number, screenshotId: number): Promise<boolean> {
  return deleteChild(db, titleId, (trx) =>
    trx.deleteFrom("screenshots").where("id", "=", screenshotId).where("title_id", "=", titleId).executeTakeFirst(),
  );
}

/** Deletes one quality (movie) or season group (TV) with its files and links. */
export function deleteRelease(db: Db, titleId: number, releaseId: number): Promise<boolean> {
  return deleteChild(db, titleId, async (trx) => {
    const result = await trx.deleteFrom("releases").where("id", "=", releaseId).where("title_id", "=", titleId).executeTakeFirst();
    // The quality filter reads the search index's tags.
    if (result.numDeletedRows > 0n) await indexTitles(trx, [titleId]);
    return result;
  });
}

function deleteLinkOfKind(db: Db, titleId: number, linkId: number, kind: LinkKind) {
  return deleteChild(db, titleId, (trx) =>
    trx
      .deleteFrom("links")
      .where("id", "=", linkId)
      .where("kind", "=", kind)
      .where("release_id", "in", (eb) => eb.selectFrom("releases").select("id").where("title_id", "=", titleId))
      .executeTakeFirst(),
  );
}

/** Deletes one url entry of an episode or download option. */
export function deleteLink(db: Db, titleId: number, linkId: number): Promise<boolean> {
  return deleteLinkOfKind(db, titleId, linkId, "file");
}

/** Deletes one zip link of a release. */
export function deleteZipLink(db: Db, titleId: number, linkId: number): Promise<boolean> {
  return deleteLinkOfKind(db, titleId, linkId, "zip");
}
