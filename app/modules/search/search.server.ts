import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { LISTING_PAGE_SIZE } from "#app/constants.ts";
import type { Db } from "#app/db/client.server.ts";
import { dialectOf } from "#app/db/dialect.server.ts";
import type { Database, SearchDocumentsTable, TitlesTable, TitleType } from "#app/db/schema.ts";
import type { Page, TitleCard } from "#app/modules/catalogue/types.ts";
import { parseQuery, similarity, SIMILARITY_THRESHOLD, trigrams } from "./text.ts";

export const SEARCH_SORTS = ["relevance", "newest", "rating", "title"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchFilters {
  type?: TitleType;
  /** Genre slug. */
  genre?: string;
  yearFrom?: number;
  yearTo?: number;
  /** A release quality label, e.g. 1080p (any case). */
  quality?: string;
}

export interface SearchOptions {
  text: string;
  page?: number;
  limit?: number;
  filters?: SearchFilters;
  sort?: SearchSort;
}

export interface SearchResults extends Page<TitleCard> {
  /** The query as searched (normalised), or null when the text was blank. */
  query: string | null;
  /** How the results were found: all words matched, or by similarity as typo tolerance. */
  match: "words" | "similar" | "none";
}

/** Titles ranked by similarity are taken from this many candidates at most. */
export const SIMILAR_CANDIDATES = 500;
const MAX_PAGE_SIZE = 100;

type Query = NonNullable<ReturnType<typeof parseQuery>>;
type Base = SelectQueryBuilder<Database & { d: SearchDocumentsTable; t: TitlesTable }, "d" | "t", object>;

const cardColumns = ["t.id", "t.type", "t.slug", "t.title", "t.release_date", "t.poster_url", "t.rating"] as const;

function toCard(row: { id: number; type: TitleType; slug: string; title: string; release_date: string | null; poster_url: string | null; rating: number | null }): TitleCard {
  return {
    id: row.id,
    type: row.type,
    slug: row.slug,
    title: row.title,
    year: row.release_date ? Number(row.release_date.slice(0, 4)) : null,
    releaseDate: row.release_date,
    posterUrl: row.poster_url,
    rating: row.rating,
  };
}

function applyFilters(query: Base, filters: SearchFilters = {}): Base {
  let q = query;
  if (filters.type) q = q.where("t.type", "=", filters.type);
  if (filters.yearFrom !== undefined) q = q.where("d.year", ">=", String(filters.yearFrom).padStart(4, "0")).where("d.year", "!=", "");
  if (filters.yearTo !== undefined) q = q.where("d.year", "<=", String(filters.yearTo).padStart(4, "0")).where("d.year", "!=", "");
  if (filters.genre) {
    const slug = filters.genre.toLowerCase();
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("title_genres as tg")
          .innerJoin("genres as g", "g.id", "tg.genre_id")
          .select(sql`1`.as("x"))
          .whereRef("tg.title_id", "=", "t.id")
          .where("g.slug", "=", slug),
      ),
    );
  }
  if (filters.quality) {
    const quality = filters.quality.trim().toLowerCase();
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("releases as r")
          .select(sql`1`.as("x"))
          .whereRef("r.title_id", "=", "t.id")
          .where(sql`lower(r.quality)`, "=", quality),
      ),
    );
  }
  return q;
}

function documents(db: Db): Base {
  return db.selectFrom("search_documents as d").innerJoin("titles as t", "t.id", "d.title_id");
}

/**
 * Titles in which every word of the query starts a word of the title, original
 * title, credited names or year. The word lists come from the same normalised
 * text on both databases, so both find the same titles.
 */
function wordMatches(db: Db, query: Query): Base {
  if (dialectOf(db) === "postgres") {
    const tsquery = query.tokens.map((t) => `${t}:*`).join(" & ");
    return documents(db).where(sql<boolean>`d.tsv @@ to_tsquery('simple', ${tsquery})`);
  }
  const match = query.tokens.map((t) => `"${t}"*`).join(" AND ");
  return documents(db).where("d.title_id", "in", db.selectFrom("search_words").select("rowid").where(sql<boolean>`search_words match ${match}`));
}

/** 0 exact title, 1 the title starts with the query's words, 2 with its text, 3 all words in the title, 4 elsewhere. */
function tier(query: Query): RawBuilder<number> {
  const q = query.text;
  const inTitle = sql.join(
    query.tokens.map((t) => sql`(' ' || d.title || ' ' || d.original || ' ') like ${`% ${t}%`}`),
    sql` and `,
  );
  return sql<number>`case
    when d.title = ${q} or d.original = ${q} then 0
    when d.title like ${`${q} %`} or d.original like ${`${q} %`} then 1
    when d.title like ${`${q}%`} or d.original like ${`${q}%`} then 2
    when ${inTitle} then 3
    else 4 end`;
}

function titleOrder(db: Db): RawBuilder<string> {
  // Byte order on both: PostgreSQL would otherwise sort by its locale's rules.
  return dialectOf(db) === "postgres" ? sql<string>`d.title collate "C"` : sql<string>`d.title`;
}

function ordered<T extends Base>(db: Db, query: T, sort: SearchSort, relevance: RawBuilder<number> | null): T {
  let q = query as Base;
  switch (sort) {
    case "newest":
      break;
    case "rating":
      q = q.orderBy(sql`t.rating is null`).orderBy("t.rating", "desc");
      break;
    case "title":
      return q.orderBy(titleOrder(db)).orderBy("t.id") as T;
    case "relevance":
      if (relevance) q = q.orderBy(relevance).orderBy(sql`length(d.title)`);
      break;
  }
  return q.orderBy("t.uploaded_at", "desc").orderBy("t.id", "desc") as T;
}

function pageOf(options: SearchOptions) {
  const perPage = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.limit ?? LISTING_PAGE_SIZE)));
  const page = Math.max(1, Math.floor(Number.isFinite(options.page) ? options.page! : 1));
  return { page, perPage, offset: (page - 1) * perPage };
}

const emptyResults = (page: number, perPage: number, query: string | null): SearchResults => ({
  items: [],
  page,
  perPage,
  total: 0,
  totalPages: 1,
  query,
  match: "none",
});

/** Ids of titles whose title or original title may be similar to the query, best first. */
async function similarCandidates(db: Db, query: Query, limit: number): Promise<number[]> {
  if (dialectOf(db) === "postgres") {
    const rows = await db
      .selectFrom("search_documents")
      .select("title_id")
      .where(sql<boolean>`title % ${query.text} or original % ${query.text}`)
      .orderBy(sql`greatest(similarity(title, ${query.text}), similarity(original, ${query.text}))`, "desc")
      .orderBy("title_id")
      .limit(limit)
      .execute();
    return rows.map((r) => r.title_id);
  }
  // Trigrams that can appear inside the padded title text (not the two-space ones at a word's start).
  const grams = [...trigrams(query.text)].filter((g) => !g.startsWith("  "));
  if (grams.length === 0) return [];
  const rows = await db
    .selectFrom("search_trigrams")
    .select("rowid")
    .where(sql<boolean>`search_trigrams match ${grams.map((g) => `"${g}"`).join(" OR ")}`)
    .orderBy(sql`rank`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.rowid);
}

/** Typo tolerance: titles whose title or original title is at least 0.3 similar to the query (pg_trgm's measure). */
async function similarTitles(db: Db, query: Query, filters: SearchFilters | undefined, limit: number) {
  const ids = await similarCandidates(db, query, limit);
  if (ids.length === 0) return [];
  const rows = await applyFilters(documents(db).where("t.id", "in", ids), filters)
    .select([...cardColumns, "d.title as doc_title", "d.original as doc_original", "t.uploaded_at"])
    .execute();
  const grams = trigrams(query.text);
  return rows
    .map((row) => ({ row, score: Math.max(similarity(grams, row.doc_title), similarity(grams, row.doc_original)) }))
    .filter((r) => r.score >= SIMILARITY_THRESHOLD);
}

type Scored = Awaited<ReturnType<typeof similarTitles>>[number];

/** The same orders as `ordered`, for titles ranked in memory. */
function compareScored(sort: SearchSort) {
  const newest = (a: Scored, b: Scored) =>
    a.row.uploaded_at < b.row.uploaded_at ? 1 : a.row.uploaded_at > b.row.uploaded_at ? -1 : b.row.id - a.row.id;
  return (a: Scored, b: Scored): number => {
    switch (sort) {
      case "title":
        return a.row.doc_title < b.row.doc_title ? -1 : a.row.doc_title > b.row.doc_title ? 1 : a.row.id - b.row.id;
      case "rating":
        if ((a.row.rating === null) !== (b.row.rating === null)) return a.row.rating === null ? 1 : -1;
        if (a.row.rating !== b.row.rating) return b.row.rating! - a.row.rating!;
        return newest(a, b);
      case "relevance":
        if (a.score !== b.score) return b.score - a.score;
        return newest(a, b);
      default:
        return newest(a, b);
    }
  };
}

/**
 * Searches the catalogue. Every word of the query must start a word of a title's
 * title, original title, credited names or year; exact and leading title matches
 * rank first. When no title has all the words, titles similar to the query (typos)
 * are returned instead. Blank text is no search at all.
 */
export async function searchCatalogue(db: Db, options: SearchOptions): Promise<SearchResults> {
  const { page, perPage, offset } = pageOf(options);
  const query = parseQuery(options.text ?? "");
  if (!query) return emptyResults(page, perPage, null);
  const sort = options.sort ?? "relevance";

  const matches = applyFilters(wordMatches(db, query), options.filters);
  const { n } = await matches.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total > 0) {
    const rows = await ordered(db, matches.select(cardColumns), sort, tier(query)).limit(perPage).offset(offset).execute();
    return { items: rows.map(toCard), page, perPage, total, totalPages: Math.ceil(total / perPage), query: query.text, match: "words" };
  }

  const similar = (await similarTitles(db, query, options.filters, SIMILAR_CANDIDATES)).sort(compareScored(sort));
  if (similar.length === 0) return emptyResults(page, perPage, query.text);
  return {
    items: similar.slice(offset, offset + perPage).map((s) => toCard(s.row)),
    page,
    perPage,
    total: similar.length,
    totalPages: Math.ceil(similar.length / perPage),
    query: query.text,
    match: "similar",
  };
}

/** Up to `limit` titles for the search box's instant suggestions, best first. */
export async function suggest(db: Db, text: string, limit = 8): Promise<TitleCard[]> {
  const query = parseQuery(text);
  if (!query) return [];
  const rows = await ordered(db, wordMatches(db, query).select(cardColumns), "relevance", tier(query)).limit(limit).execute();
  if (rows.length > 0 || query.text.length < 3) return rows.map(toCard);
  const similar = (await similarTitles(db, query, undefined, limit * 4)).sort(compareScored("relevance"));
  return similar.slice(0, limit).map((s) => toCard(s.row));
}

/** Counts a search (by its normalised text) and what it found, for the admin's statistics. */
export async function recordSearch(db: Db, query: string, resultCount: number, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const zero = resultCount === 0 ? 1 : 0;
  await db
    .insertInto("search_queries")
    .values({ query, searches: 1, zero_result_searches: zero, last_result_count: resultCount, last_searched_at: at })
    .onConflict((oc) =>
      oc.column("query").doUpdateSet((eb) => ({
        searches: eb("search_queries.searches", "+", 1),
        zero_result_searches: eb("search_queries.zero_result_searches", "+", zero),
        last_result_count: resultCount,
        last_searched_at: at,
      })),
    )
    .execute();
}
