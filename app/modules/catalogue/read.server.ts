import { sql, type ExpressionBuilder, type Selectable, type SelectQueryBuilder } from "kysely";
import { LISTING_PAGE_SIZE } from "#app/constants.ts";
import type { Db } from "#app/db/client.server.ts";
import { toBool, toCount } from "#app/db/dialect.server.ts";
import type { Database, LinkHealthStatus, LinksTable, TitleRow, TitleType } from "#app/db/schema.ts";
import { perContentVersion } from "#app/modules/site/content-version.server.ts";
import { releaseKey } from "./slug.ts";
import type {
  ArchiveView,
  FeaturedTitle,
  FileEntry,
  Genre,
  Link,
  LinkCheck,
  LinkDetails,
  LinkDetailsRef,
  Release,
  TitleCard,
  TitleDetail,
  TitleRef,
} from "./types.ts";
import { yearOf } from "#app/utils/dates.ts";
import { pageRequest, totalPagesOf, type Page } from "#app/utils/pagination.ts";

export interface ListOptions {
  page?: number;
  perPage?: number;
  type?: TitleType;
}

/** The columns of a title card (toCard). */
export const cardColumns = ["t.id", "t.type", "t.slug", "t.title", "t.release_date", "t.poster_url", "t.rating"] as const;

type CardRow = Pick<TitleRow, "id" | "type" | "slug" | "title" | "release_date" | "poster_url" | "rating">;

export function toCard(row: CardRow): TitleCard {
  return {
    id: row.id,
    type: row.type,
    slug: row.slug,
    title: row.title,
    year: yearOf(row.release_date),
    releaseDate: row.release_date,
    posterUrl: row.poster_url,
    rating: row.rating,
  };
}

function pageWindow(options: ListOptions) {
  return pageRequest(options.page, options.perPage ?? LISTING_PAGE_SIZE);
}

/** Past the end, the page is empty; the listing's route redirects to the last page (app/utils/pagination.ts). */
function toPage<T>(items: T[], total: number, page: number, perPage: number): Page<T> {
  return { items, page, perPage, total, totalPages: totalPagesOf(total, perPage) };
}

/** The catalogue, newest upload first. */
export async function listTitles(db: Db, options: ListOptions = {}): Promise<Page<TitleCard>> {
  const { page, perPage, offset } = pageWindow(options);
  let query = db.selectFrom("titles as t");
  if (options.type) query = query.where("t.type", "=", options.type);
  const [rows, total] = await Promise.all([
    query.select(cardColumns).orderBy("t.uploaded_at", "desc").orderBy("t.id", "desc").limit(perPage).offset(offset).execute(),
    // Counting every title costs ~9 ms at 100k: once per content version.
    perContentVersion(db, `titles.count.${options.type ?? "all"}`, async () =>
      toCount((await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
    ),
  ]);
  return toPage(rows.map(toCard), total, page, perPage);
}

/** The public genre list: hidden genres (Settings → Genres) are left out everywhere visitors look. */
export async function listGenres(db: Db): Promise<Genre[]> {
  return db.selectFrom("genres").select(["id", "name", "slug"]).where("hidden", "=", false).orderBy("position").orderBy("name").execute();
}

/** Public genres that have at least one title, in the genre list's order, each with its number of titles. */
export function listGenresInUse(db: Db): Promise<(Genre & { titles: number })[]> {
  // A count over every title's genres (~11 ms at 100k titles), on the home and search pages: once per content version.
  return perContentVersion(db, "genres.inUse", () => countGenresInUse(db));
}

async function countGenresInUse(db: Db): Promise<(Genre & { titles: number })[]> {
  const rows = await db
    .selectFrom("genres as g")
    .innerJoin("title_genres as tg", "tg.genre_id", "g.id")
    .select(["g.id", "g.name", "g.slug", "g.position"])
    .select((eb) => eb.fn.countAll().as("n"))
    .where("g.hidden", "=", false)
    .groupBy(["g.id", "g.name", "g.slug", "g.position"])
    .orderBy("g.position")
    .orderBy("g.name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, titles: toCount(r.n) }));
}

export async function findGenre(db: Db, slug: string): Promise<Genre | null> {
  // No slug has control characters, and PostgreSQL refuses a NUL in a text parameter: not found, not a 500.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused.
  if (slug.length > 200 || /[\u0000-\u001f]/.test(slug)) return null;
  const genre = await db
    .selectFrom("genres")
    .select(["id", "name", "slug"])
    .where("slug", "=", slug.toLowerCase())
    .where("hidden", "=", false)
    .executeTakeFirst();
  return genre ?? null;
}

/** Titles of one genre, newest first; null when the genre does not exist or is hidden. */
export async function listGenreTitles(
  db: Db,
  slug: string,
  options: ListOptions = {},
): Promise<{ genre: Genre; titles: Page<TitleCard> } | null> {
  const genre = await findGenre(db, slug);
  if (!genre) return null;
  const { page, perPage, offset } = pageWindow(options);
  let query = db.selectFrom("title_genres as tg").innerJoin("titles as t", "t.id", "tg.title_id").where("tg.genre_id", "=", genre.id);
  if (options.type) query = query.where("t.type", "=", options.type);
  const [rows, count] = await Promise.all([
    query.select(cardColumns).orderBy("t.uploaded_at", "desc").orderBy("t.id", "desc").limit(perPage).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { genre, titles: toPage(rows.map(toCard), toCount(count.n), page, perPage) };
}

const visibleLink = (eb: ExpressionBuilder<Database, "links">) => eb("links.status", "!=", "disabled");

/** Featured titles in their featured order, for the home carousel. */
export async function listFeatured(db: Db, limit = 10): Promise<FeaturedTitle[]> {
  const rows = await db
    .selectFrom("titles as t")
    .select([...cardColumns, "t.background_url", "t.trailer_url"])
    .select((eb) => [
      eb
        .selectFrom("releases as r")
        .innerJoin("files as f", "f.release_id", "r.id")
        .select("f.size")
        .whereRef("r.title_id", "=", "t.id")
        .where("f.size", "is not", null)
        .orderBy("r.position")
        .orderBy("r.id")
        .orderBy("f.position")
        .orderBy("f.id")
        .limit(1)
        .as("file_size"),
      eb
        .selectFrom("releases as r")
        .innerJoin("links", "links.release_id", "r.id")
        .select("links.size")
        .whereRef("r.title_id", "=", "t.id")
        .where("links.kind", "=", "zip")
        .where("links.size", "is not", null)
        .where(visibleLink)
        .orderBy("r.position")
        .orderBy("r.id")
        .orderBy("links.position")
        .orderBy("links.id")
        .limit(1)
        .as("zip_size"),
    ])
    .where("t.featured", "=", true)
    .orderBy(sql`t.featured_order is null`)
    .orderBy("t.featured_order")
    .orderBy("t.uploaded_at", "desc")
    .orderBy("t.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toCard(row),
    backgroundUrl: row.background_url,
    trailerUrl: row.trailer_url,
    size: row.file_size ?? row.zip_size ?? null,
  }));
}

function toLink(row: Selectable<LinksTable>): Link {
  return { id: row.id, kind: row.kind, label: row.label, url: row.url, size: row.size, status: row.status };
}

/** Each link's last check, as link health's linkCheckRows gives it (link health imports the catalogue, so the caller passes it in). */
export type LinkCheckRows = SelectQueryBuilder<
  Database,
  "link_health",
  { link_id: number; checked_url: string | null; checked_at: string | null; consecutive_failures: number; health: LinkHealthStatus }
>;

type CheckColumns = {
  url: string;
  checked_url: string | null;
  checked_at: string | null;
  consecutive_failures: number | null;
  health: LinkHealthStatus | null;
};

/** A check of an address the link no longer has says nothing about it. */
function toCheck(row: CheckColumns): LinkCheck | null {
  if (!row.checked_at || (row.checked_url !== null && row.checked_url !== row.url)) return null;
  const result = (row.consecutive_failures ?? 0) > 0 ? "failed" : row.health === "ok" ? "ok" : "inconclusive";
  return { at: row.checked_at, result };
}

interface TreeOptions {
  /** Admin views see disabled links and hidden genres; visitors never do. */
  includeDisabled?: boolean;
  /** The "hide broken links" setting: visitors do not see links marked broken (ADR 029). */
  hideBroken?: boolean;
  /** Joins each link's last check to the links query (Link.check). */
  checks?: LinkCheckRows;
}

async function loadReleases(db: Db, titleId: number, options: TreeOptions & { releaseIds?: number[]; fileIds?: number[] }) {
  return (await loadReleasesOf(db, [titleId], options)).get(titleId) ?? [];
}

/** The download trees of several titles in four queries, by title id. */
async function loadReleasesOf(
  db: Db,
  titleIds: number[],
  options: TreeOptions & { releaseIds?: number[]; fileIds?: number[] },
): Promise<Map<number, Release[]>> {
  const byTitle = new Map<number, Release[]>();
  if (titleIds.length === 0) return byTitle;
  let releaseQuery = db.selectFrom("releases").selectAll().where("title_id", "in", titleIds);
  if (options.releaseIds) releaseQuery = releaseQuery.where("id", "in", options.releaseIds);
  const releases = await releaseQuery.orderBy("position").orderBy("id").execute();
  if (releases.length === 0) return byTitle;
  const releaseIds = releases.map((r) => r.id);
  let fileQuery = db.selectFrom("files").selectAll().where("release_id", "in", releaseIds);
  if (options.fileIds) fileQuery = fileQuery.where("id", "in", options.fileIds);
  let linkQuery = db.selectFrom("links").selectAll("links").where("links.release_id", "in", releaseIds);
  if (!options.includeDisabled) linkQuery = linkQuery.where(visibleLink);
  if (options.hideBroken && !options.includeDisabled) linkQuery = linkQuery.where("links.status", "!=", "broken");
  const { checks } = options;
  const [files, links] = await Promise.all([
    fileQuery.orderBy("position").orderBy("id").execute(),
    checks
      ? linkQuery
          .leftJoin(checks.as("h"), "h.link_id", "links.id")
          .select(["h.checked_url", "h.checked_at", "h.consecutive_failures", "h.health"])
          .orderBy("links.position")
          .orderBy("links.id")
          .execute()
          .then((rows) => rows.map((row) => ({ row, link: { ...toLink(row), check: toCheck(row) } })))
      : linkQuery
          .orderBy("links.position")
          .orderBy("links.id")
          .execute()
          .then((rows) => rows.map((row) => ({ row, link: toLink(row) }))),
  ]);

  const linksByFile = new Map<number, Link[]>();
  const zipsByRelease = new Map<number, Link[]>();
  for (const { row, link } of links) {
    const bucket = row.file_id === null ? zipsByRelease : linksByFile;
    const key = row.file_id ?? row.release_id;
    const list = bucket.get(key) ?? [];
    list.push(link);
    bucket.set(key, list);
  }
  const filesByRelease = new Map<number, FileEntry[]>();
  for (const f of files) {
    const list = filesByRelease.get(f.release_id) ?? [];
    list.push({ id: f.id, title: f.title, size: f.size, links: linksByFile.get(f.id) ?? [] });
    filesByRelease.set(f.release_id, list);
  }
  for (const r of releases) {
    const list = byTitle.get(r.title_id) ?? [];
    list.push({
      id: r.id,
      quality: r.quality,
      season: r.season,
      key: releaseKey(r),
      files: filesByRelease.get(r.id) ?? [],
      zipLinks: zipsByRelease.get(r.id) ?? [],
    });
    byTitle.set(r.title_id, list);
  }
  return byTitle;
}

function groupBy<R extends { title_id: number }>(rows: R[]): Map<number, R[]> {
  const map = new Map<number, R[]>();
  for (const r of rows) {
    const list = map.get(r.title_id);
    if (list) list.push(r);
    else map.set(r.title_id, [r]);
  }
  return map;
}

/** One title with its whole tree, or null. */
export async function getTitle(db: Db, id: number, options: TreeOptions = {}): Promise<TitleDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return (await getTitles(db, [id], options)).get(id) ?? null;
}

/** Several titles with their whole trees in a fixed number of queries (an import reads a batch at once), by id. */
export async function getTitles(db: Db, ids: number[], options: TreeOptions = {}): Promise<Map<number, TitleDetail>> {
  const out = new Map<number, TitleDetail>();
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return out;
  const rows = await db.selectFrom("titles").selectAll().where("id", "in", wanted).execute();
  if (rows.length === 0) return out;
  const found = rows.map((r) => r.id);
  const [genres, credits, subtitles, screenshots, releases] = await Promise.all([
    db
      .selectFrom("title_genres as tg")
      .innerJoin("genres as g", "g.id", "tg.genre_id")
      .select(["tg.title_id", "g.id", "g.name", "g.slug"])
      .where("tg.title_id", "in", found)
      .$if(!options.includeDisabled, (q) => q.where("g.hidden", "=", false))
      .orderBy("tg.position")
      .orderBy("g.position")
      .execute()
      .then(groupBy),
    db
      .selectFrom("credits")
      .select(["title_id", "role", "name", "character"])
      .where("title_id", "in", found)
      .orderBy("position")
      .orderBy("id")
      .execute()
      .then(groupBy),
    db
      .selectFrom("title_subtitles")
      .select(["title_id", "language"])
      .where("title_id", "in", found)
      .orderBy("position")
      .execute()
      .then(groupBy),
    db
      .selectFrom("screenshots")
      .select(["title_id", "id", "url"])
      .where("title_id", "in", found)
      .orderBy("position")
      .orderBy("id")
      .execute()
      .then(groupBy),
    loadReleasesOf(db, found, options),
  ]);
  for (const row of rows) {
    const id = row.id;
    const titleCredits = credits.get(id) ?? [];
    out.set(id, {
      ...toCard(row),
      originalTitle: row.original_title,
      tmdbId: row.tmdb_id,
      imdbId: row.imdb_id,
      overview: row.overview,
      tagline: row.tagline,
      storyline: row.storyline,
      runtimeMinutes: row.runtime_minutes,
      adult: toBool(row.adult),
      language: row.language,
      backgroundUrl: row.background_url,
      trailerUrl: row.trailer_url,
      fileFormat: row.file_format,
      featured: toBool(row.featured),
      featuredOrder: row.featured_order,
      tmdbPopularity: row.tmdb_popularity,
      tmdbVoteAverage: row.tmdb_vote_average,
      tmdbVoteCount: row.tmdb_vote_count,
      uploadedAt: row.uploaded_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      genres: (genres.get(id) ?? []).map((g) => ({ id: g.id, name: g.name, slug: g.slug })),
      directors: titleCredits.filter((c) => c.role === "director").map((c) => c.name),
      cast: titleCredits.filter((c) => c.role === "cast").map((c) => ({ name: c.name, character: c.character })),
      subtitles: (subtitles.get(id) ?? []).map((s) => s.language),
      screenshots: (screenshots.get(id) ?? []).map((s) => ({ id: s.id, url: s.url })),
      releases: releases.get(id) ?? [],
    });
  }
  return out;
}

async function getTitleHead(db: Db, id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  return db
    .selectFrom("titles")
    .select(["id", "type", "slug", "title", "file_format", "uploaded_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

function toRef(row: { id: number; type: TitleType; slug: string; title: string }): TitleRef {
  return { id: row.id, type: row.type, slug: row.slug, title: row.title };
}

async function findReleaseByKey(db: Db, titleId: number, key: string) {
  const releases = await db
    .selectFrom("releases")
    .select(["id", "quality", "season"])
    .where("title_id", "=", titleId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const wanted = key.toLowerCase();
  return releases.find((r) => releaseKey(r) === wanted);
}

/** The episodes of one release, named by its key (the archive page). */
export async function getArchive(db: Db, titleId: number, key: string): Promise<ArchiveView | null> {
  const head = await getTitleHead(db, titleId);
  if (!head) return null;
  const release = await findReleaseByKey(db, titleId, key);
  if (!release) return null;
  const episodes = await db
    .selectFrom("files")
    .select(["id", "title", "size"])
    .where("release_id", "=", release.id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return { title: toRef(head), release: { ...release, key: releaseKey(release) }, episodes };
}

/**
 * The link-details page: a movie's release (by key), a TV release's archive links
 * (by release id) or one episode's links (by file id). Null when the reference
 * does not belong to the title.
 */
export async function getLinkDetails(
  db: Db,
  titleId: number,
  ref: LinkDetailsRef,
  options: Pick<TreeOptions, "hideBroken"> = {},
): Promise<LinkDetails | null> {
  const head = await getTitleHead(db, titleId);
  if (!head) return null;

  let releaseId: number | undefined;
  let fileId: number | undefined;
  if (ref.kind === "release-key") {
    releaseId = (await findReleaseByKey(db, titleId, ref.key))?.id;
  } else if (ref.kind === "release") {
    releaseId = ref.id;
  } else {
    if (!Number.isSafeInteger(ref.id) || ref.id < 1) return null;
    const file = await db
      .selectFrom("files")
      .innerJoin("releases", "releases.id", "files.release_id")
      .select(["files.id", "files.release_id"])
      .where("files.id", "=", ref.id)
      .where("releases.title_id", "=", titleId)
      .executeTakeFirst();
    releaseId = file?.release_id;
    fileId = file?.id;
  }
  if (releaseId === undefined || !Number.isSafeInteger(releaseId) || releaseId < 1) return null;

  const [release] = await loadReleases(db, titleId, {
    releaseIds: [releaseId],
    fileIds: fileId ? [fileId] : undefined,
    hideBroken: options.hideBroken,
  });
  if (!release) return null;
  // A TV release page offers the season's archive links; its episodes have pages of their own.
  const showsZipsOnly = ref.kind === "release" && head.type === "tv";
  const files = showsZipsOnly ? [] : release.files;
  const zipLinks = fileId ? [] : release.zipLinks;
  const firstFile = release.files[0];
  return {
    title: toRef(head),
    release: { id: release.id, quality: release.quality, season: release.season, key: release.key },
    format: head.file_format,
    addedOn: head.uploaded_at,
    firstFileTitle: firstFile?.title ?? null,
    size: firstFile?.size ?? release.zipLinks.find((z) => z.size)?.size ?? null,
    files,
    zipLinks,
  };
}
