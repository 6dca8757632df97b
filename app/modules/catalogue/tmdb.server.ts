import type { Db } from "#app/db/client.server.ts";
import { TmdbError, type TmdbClient } from "#app/integrations/tmdb/client.server.ts";
import { parseLookup } from "#app/integrations/tmdb/ids.ts";
import type { ExternalSearchItem, ExternalTitle, ExternalType } from "#app/integrations/tmdb/types.ts";
import { AppError } from "#app/utils/errors.ts";
import type { FormResult } from "#app/utils/submission.ts";
import { INVALID_TMDB_ID } from "./admin-form.ts";
import { FETCH_ERROR, FETCH_FAILED, TMDB_NOT_CONFIGURED, TMDB_NOT_CONFIGURED_HELP } from "./tmdb-fill.ts";
import type { TitleType } from "./types.ts";

export interface CatalogueRef {
  id: number;
  type: TitleType;
  slug: string;
  title: string;
}

const refKey = (type: string, tmdbId: number) => `${type}:${tmdbId}`;

/** Catalogue titles (enabled or not) with these TMDB ids, keyed "movie:603". */
export async function findTitlesByTmdb(db: Db, refs: { type: ExternalType; tmdbId: number }[]): Promise<Map<string, CatalogueRef>> {
  const ids = [...new Set(refs.map((r) => r.tmdbId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("titles")
    .select(["id", "type", "slug", "title", "tmdb_id"])
    .where("tmdb_id", "in", ids)
    .orderBy("id")
    .execute();
  const out = new Map<string, CatalogueRef>();
  for (const r of rows) {
    const key = refKey(r.type, Number(r.tmdb_id));
    if (!out.has(key)) out.set(key, { id: Number(r.id), type: r.type, slug: r.slug, title: r.title });
  }
  return out;
}

/** Search results from TMDB that the catalogue does not have. */
export async function missingFromCatalogue(db: Db, items: ExternalSearchItem[]): Promise<ExternalSearchItem[]> {
  const known = await findTitlesByTmdb(db, items);
  return items.filter((i) => !known.has(refKey(i.type, i.tmdbId)));
}

export async function catalogueTitleFor(db: Db, type: ExternalType, tmdbId: number): Promise<CatalogueRef | null> {
  return (await findTitlesByTmdb(db, [{ type, tmdbId }])).get(refKey(type, tmdbId)) ?? null;
}

export interface EditorLookup {
  title: ExternalTitle;
  /** The catalogue already has this TMDB title. */
  existing: CatalogueRef | null;
}

/** The answer of the editor's TMDB fetch (POST /dashboard/tmdb), as the editor's fetcher reads it. */
export type EditorLookupResult = FormResult<EditorLookup>;

/** A lookup that found no title: the message is the toast, the detail sits under the lookup field (`query`). */
export class LookupError extends AppError {
  readonly detail: string;
  constructor(status: number, message: string, detail: string) {
    super(status, message, { fields: { query: [detail] } });
    this.detail = detail;
  }
}

const typeWord = (type: ExternalType) => (type === "tv" ? "a TV show" : "a movie");

/**
 * The admin's fetch: what they typed (TMDB id, IMDb id or address) for the type
 * being added, looked up on TMDB. Failures are LookupErrors worded for the admin.
 */
export async function lookupForEditor(db: Db, tmdb: TmdbClient | null, type: ExternalType, text: string): Promise<EditorLookup> {
  if (!tmdb) throw new LookupError(503, TMDB_NOT_CONFIGURED, TMDB_NOT_CONFIGURED_HELP);
  const lookup = parseLookup(text);
  if (!lookup) throw new LookupError(400, INVALID_TMDB_ID, "Enter a TMDB id (603), an IMDb id (tt0133093) or a TMDB address.");
  try {
    let ref: { type: ExternalType; tmdbId: number };
    if (lookup.kind === "imdb") {
      const found = await tmdb.findByImdb(lookup.id);
      if (!found) throw new LookupError(404, FETCH_FAILED, `TMDB knows no title with the IMDb id ${lookup.id}.`);
      ref = found;
    } else {
      ref = { type: lookup.type ?? type, tmdbId: lookup.id };
    }
    if (ref.type !== type) {
      throw new LookupError(
        400,
        FETCH_FAILED,
        `That id is ${typeWord(ref.type)} on TMDB; choose ${ref.type === "tv" ? "TV Show" : "Movie"} above first.`,
      );
    }
    const title = await tmdb.details(ref.type, ref.tmdbId);
    return { title, existing: await catalogueTitleFor(db, ref.type, ref.tmdbId) };
  } catch (error) {
    if (!(error instanceof TmdbError)) throw error;
    if (error.kind === "not_found")
      throw new LookupError(404, FETCH_FAILED, `TMDB has no ${type === "tv" ? "TV show" : "movie"} with this id.`);
    if (error.kind === "invalid_id") throw new LookupError(400, INVALID_TMDB_ID, error.message);
    throw new LookupError(502, FETCH_ERROR, error.message);
  }
}

export const SEARCH_FAILED = "TMDB search failed";

/** A search result for the editor, with the catalogue title that already has it. */
export interface EditorSearchItem extends ExternalSearchItem {
  existing: CatalogueRef | null;
}

/** The answer of the editor's search by name (POST /dashboard/tmdb, intent "search"). */
export type EditorSearchResult = FormResult<{ results: EditorSearchItem[] }>;

/**
 * The admin's search by name (and release year) among TMDB's movies or TV shows.
 * Failures are LookupErrors worded for the admin, the detail on `name`.
 */
export async function searchForEditor(
  db: Db,
  tmdb: TmdbClient | null,
  type: ExternalType,
  name: string,
  year: number | null,
): Promise<EditorSearchItem[]> {
  if (!tmdb) throw new SearchError(TMDB_NOT_CONFIGURED, TMDB_NOT_CONFIGURED_HELP);
  let items: ExternalSearchItem[];
  try {
    items = await tmdb.searchByType(type, name, year);
  } catch (error) {
    if (!(error instanceof TmdbError)) throw error;
    throw new SearchError(SEARCH_FAILED, error.message);
  }
  const known = await findTitlesByTmdb(db, items);
  return items.map((i) => ({ ...i, existing: known.get(refKey(i.type, i.tmdbId)) ?? null }));
}

/** A search that could not run: the message is the toast, the detail sits under the name field. */
export class SearchError extends AppError {
  constructor(message: string, detail: string) {
    super(200, message, { fields: { name: [detail] } });
  }
}
