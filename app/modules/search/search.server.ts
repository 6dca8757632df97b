import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { LISTING_PAGE_SIZE } from "#app/constants.ts";
import type { Db } from "#app/db/client.server.ts";
import { dialectOf, toCount } from "#app/db/dialect.server.ts";
import type { Database, SearchDocumentsTable, TitleType } from "#app/db/schema.ts";
import type { Page, TitleCard } from "#app/modules/catalogue/types.ts";
import { canonicalWord, parseQuery, similarity, SIMILARITY_THRESHOLD, titleKey, trigrams } from "./text.ts";
import type { SearchFilters, SearchSort } from "./types.ts";
import { pageRequest, totalPagesOf } from "#app/utils/pagination.ts";

export type { SearchFilters, SearchSort };

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

/** Titles ranked by similarity are taken from this many candidates, the most similar first. */
export const SIMILAR_CANDIDATES = 500;
const MAX_PAGE_SIZE = 100;

type Query = NonNullable<ReturnType<typeof parseQuery>>;
type Docs = SelectQueryBuilder<Database & { d: SearchDocumentsTable }, "d", object>;

const docs = (db: Db): Docs => db.selectFrom("search_documents as d");

function applyFilters(query: Docs, filters: SearchFilters = {}): Docs {
  let q = query;
  if (filters.type) q = q.where("d.type", "=", filters.type);
  if (filters.yearFrom !== undefined) q = q.where("d.year", ">=", String(filters.yearFrom).padStart(4, "0")).where("d.year", "!=", "");
  if (filters.yearTo !== undefined) q = q.where("d.year", "<=", String(filters.yearTo).padStart(4, "0")).where("d.year", "!=", "");
  if (filters.genre) {
    const slug = filters.genre.toLowerCase();
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("title_genres as tg")
          .innerJoin("genres as g", "g.id", "tg.genre_id")
          .select(sql`1`.as("x"))
          .whereRef("tg.title_id", "=", "d.title_id")
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
          .whereRef("r.title_id", "=", "d.title_id")
          .where(sql`lower(r.quality)`, "=", quality),
      ),
    );
  }
  return q;
}

const hasFilters = (filters: SearchFilters = {}) => Object.values(filters).some((v) => v !== undefined);

/**
 * Whether a query word may be the start of a longer word: only the last one, which
 * may still be being typed, and not a number of one or two digits ("frozen 2" is
 * not "frozen 2012").
 */
const isPrefix = (query: Query, i: number) => i === query.tokens.length - 1 && !/^\d{1,2}$/.test(query.tokens[i]!);

/**
 * What each query word may match in the index: itself (or its start), its canonical
 * form ("twelve" → "12", see text.ts) and, for a whole 4-digit number, the year.
 */
function queryGroups(query: Query): { word: string; prefix: boolean }[][] {
  return query.tokens.map((t, i) => {
    const group = [{ word: t, prefix: isPrefix(query, i) }];
    const canonical = canonicalWord(t);
    if (canonical !== t) group.push({ word: canonical, prefix: false });
    if (/^\d{4}$/.test(t)) group.push({ word: `y${t}`, prefix: false });
    return group;
  });
}

/**
 * The full-text condition: each query word (or one of its forms) is a word of the
 * title, original title, names, their other forms or year, the last one possibly
 * only its start.
 */
function wordCondition(db: Db, query: Query): RawBuilder<boolean> {
  if (dialectOf(db) === "postgres") {
    const tsquery = queryGroups(query)
      .map((group) => `(${group.map((g) => (g.prefix ? `${g.word}:*` : g.word)).join(" | ")})`)
      .join(" & ");
    return sql<boolean>`d.tsv @@ to_tsquery('simple', ${tsquery})`;
  }
  return sql<boolean>`d.title_id in (select rowid from search_words where search_words match ${sqliteWords(query)})`;
}

/** Words are [a-z0-9] only (see normalizeText), so quoting them is enough to keep them plain words. */
const sqliteWords = (query: Query) =>
  queryGroups(query)
    .map((group) => `(${group.map((g) => (g.prefix ? `"${g.word}"*` : `"${g.word}"`)).join(" OR ")})`)
    .join(" AND ");

async function countWordMatches(db: Db, query: Query, filters?: SearchFilters): Promise<number> {
  let row: { n: string | number | bigint };
  if (!hasFilters(filters) && dialectOf(db) === "sqlite") {
    // The full-text index alone knows how many rows match.
    row = await db
      .selectFrom("search_words")
      .select((eb) => eb.fn.countAll().as("n"))
      .where(sql<boolean>`search_words match ${sqliteWords(query)}`)
      .executeTakeFirstOrThrow();
  } else {
    row = await applyFilters(docs(db).where(wordCondition(db, query)), filters)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
  }
  return Number(row.n);
}

/**
 * 0 exact title, 1 the title starts with the query's words, 2 with its text, 3 all
 * words in the title, 4 elsewhere. Titles compare by key (titleKey: numerals
 * canonical, no leading article), so "godfather" is The Godfather's exact title.
 */
function tier(query: Query): RawBuilder<number> {
  const key = titleKey(query.text);
  const titleWords = sql`(' ' || replace(d.keys, '|', ' ') || ' ' || d.title || ' ' || d.original || ' ')`;
  const inTitle = sql.join(
    queryGroups(query).map(
      (group) =>
        sql`(${sql.join(
          group.map((g) => sql`${titleWords} like ${g.prefix ? `% ${g.word}%` : `% ${g.word} %`}`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
  return sql<number>`case
    when d.keys like ${`%|${key}|%`} then 0
    when d.keys like ${`%|${key} %`} then 1
    when d.keys like ${`%|${key}%`} then 2
    when ${inTitle} then 3
    else 4 end`;
}

function ordered(db: Db, query: Docs, sort: SearchSort, relevance: RawBuilder<number>): Docs {
  switch (sort) {
    case "title":
      // Byte order on both: PostgreSQL would otherwise sort by its locale's rules.
      return query.orderBy(dialectOf(db) === "postgres" ? sql`d.title collate "C"` : sql`d.title`).orderBy("d.title_id");
    case "rating":
      query = query.orderBy(sql`d.rating is null`).orderBy("d.rating", "desc");
      break;
    case "relevance":
      query = query
        .orderBy(relevance)
        .orderBy("d.popularity", "desc")
        .orderBy(sql`length(d.title)`);
      break;
    case "newest":
      break;
  }
  return query.orderBy("d.uploaded_at", "desc").orderBy("d.title_id", "desc");
}

/** The cards of these titles, in the order given. */
async function cards(db: Db, ids: number[]): Promise<TitleCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("titles")
    .select(["id", "type", "slug", "title", "release_date", "poster_url", "rating"])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map((row) => ({
      id: row.id,
      type: row.type as TitleType,
      slug: row.slug,
      title: row.title,
      year: row.release_date ? Number(row.release_date.slice(0, 4)) : null,
      releaseDate: row.release_date,
      posterUrl: row.poster_url,
      rating: row.rating,
    }));
}

function pageOf(options: Pick<SearchOptions, "page" | "limit">) {
  return pageRequest(options.page, Math.min(MAX_PAGE_SIZE, options.limit ?? LISTING_PAGE_SIZE));
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

/**
 * Ids of titles whose title or original title may be at least 0.3 similar to the
 * query, the likeliest first. PostgreSQL walks its trigram GiST indexes nearest
 * first. SQLite asks its trigram index for the query's rarest trigrams: so many
 * that any title reaching the threshold must hold one of them (pigeonhole), and
 * none at all when too few of the query's trigrams occur anywhere.
 */
async function similarCandidates(db: Db, query: Query, limit: number): Promise<number[]> {
  if (dialectOf(db) === "postgres") {
    const [byTitle, byOriginal] = await Promise.all([
      db
        .selectFrom("search_documents")
        .select("title_id")
        .orderBy(sql`title <-> ${query.text}`)
        .limit(limit)
        .execute(),
      db
        .selectFrom("search_documents")
        .select("title_id")
        .where("original", "<>", "")
        .orderBy(sql`original <-> ${query.text}`)
        .limit(limit)
        .execute(),
    ]);
    return [...new Set([...byTitle, ...byOriginal].map((r) => r.title_id))];
  }
  const all = trigrams(query.text);
  const words = query.tokens.length;
  // The two-space trigram at a word's start cannot be searched for in the padded text.
  const searchable = [...all].filter((g) => !g.startsWith("  "));
  const needShared = Math.ceil(SIMILARITY_THRESHOLD * all.size) - words;
  const present = await db.selectFrom("search_trigram_terms").select(["term", "doc"]).where("term", "in", searchable).execute();
  if (present.length === 0 || present.length < needShared) return [];
  const rarest = present
    .sort((a, b) => a.doc - b.doc || (a.term < b.term ? -1 : 1))
    .slice(0, needShared >= 1 ? present.length - needShared + 1 : present.length)
    .map((p) => `"${p.term}"`);
  const rows = await db
    .selectFrom("search_trigrams")
    .select("rowid")
    .where(sql<boolean>`search_trigrams match ${rarest.join(" OR ")}`)
    .orderBy(sql`rank`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.rowid);
}

interface Scored {
  id: number;
  title: string;
  uploadedAt: string;
  rating: number | null;
  score: number;
}

/** Typo tolerance: titles whose title or original title is at least 0.3 similar to the query (pg_trgm's measure). */
async function similarTitles(db: Db, query: Query, filters: SearchFilters | undefined, limit: number): Promise<Scored[]> {
  const ids = await similarCandidates(db, query, limit);
  if (ids.length === 0) return [];
  const rows = await applyFilters(docs(db).where("d.title_id", "in", ids), filters)
    .select(["d.title_id", "d.title", "d.original", "d.uploaded_at", "d.rating"])
    .execute();
  const grams = trigrams(query.text);
  return rows
    .map((r) => ({
      id: r.title_id,
      title: r.title,
      uploadedAt: r.uploaded_at,
      rating: r.rating,
      score: Math.max(similarity(grams, r.title), similarity(grams, r.original)),
    }))
    .filter((r) => r.score >= SIMILARITY_THRESHOLD);
}

/** The same orders as `ordered`, for titles ranked in memory. */
function compareScored(sort: SearchSort) {
  const newest = (a: Scored, b: Scored) => (a.uploadedAt < b.uploadedAt ? 1 : a.uploadedAt > b.uploadedAt ? -1 : b.id - a.id);
  return (a: Scored, b: Scored): number => {
    switch (sort) {
      case "title":
        return a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id;
      case "rating":
        if ((a.rating === null) !== (b.rating === null)) return a.rating === null ? 1 : -1;
        if (a.rating !== b.rating) return b.rating! - a.rating!;
        return newest(a, b);
      case "relevance":
        return b.score - a.score || newest(a, b);
      default:
        return newest(a, b);
    }
  };
}

/**
 * Searches the catalogue. Every word of the query must be a word of a title's
 * title, original title, credited names or year (the last one may be unfinished);
 * exact and leading title matches rank first. When no title has all the words, titles similar to the query (typos)
 * are returned instead. Blank text is no search at all.
 */
export async function searchCatalogue(db: Db, options: SearchOptions): Promise<SearchResults> {
  const { page, perPage, offset } = pageOf(options);
  const query = parseQuery(options.text ?? "");
  if (!query) return emptyResults(page, perPage, null);
  const sort = options.sort ?? "relevance";

  const total = await countWordMatches(db, query, options.filters);
  if (total > 0) {
    const rows = await ordered(db, applyFilters(docs(db).where(wordCondition(db, query)), options.filters), sort, tier(query))
      .select("d.title_id")
      .limit(perPage)
      .offset(offset)
      .execute();
    return {
      items: await cards(
        db,
        rows.map((r) => r.title_id),
      ),
      page,
      perPage,
      total,
      totalPages: totalPagesOf(total, perPage),
      query: query.text,
      match: "words",
    };
  }

  const similar = (await similarTitles(db, query, options.filters, SIMILAR_CANDIDATES)).sort(compareScored(sort));
  if (similar.length === 0) return emptyResults(page, perPage, query.text);
  return {
    items: await cards(
      db,
      similar.slice(offset, offset + perPage).map((s) => s.id),
    ),
    page,
    perPage,
    total: similar.length,
    totalPages: totalPagesOf(similar.length, perPage),
    query: query.text,
    match: "similar",
  };
}

/**
 * Lists the catalogue without a search text: filtered and sorted as a search is
 * (a genre page's sort and filters). "relevance" means nothing here and sorts as
 * "newest" (latest upload first).
 */
export async function browseCatalogue(db: Db, options: Omit<SearchOptions, "text"> & { filters: SearchFilters }): Promise<Page<TitleCard>> {
  const { page, perPage, offset } = pageOf(options);
  const filtered = applyFilters(docs(db), options.filters);
  const [rows, count] = await Promise.all([
    ordered(db, filtered, options.sort ?? "newest", sql<number>`0`)
      .select("d.title_id")
      .limit(perPage)
      .offset(offset)
      .execute(),
    filtered.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  const total = toCount(count.n);
  return {
    items: await cards(
      db,
      rows.map((r) => r.title_id),
    ),
    page,
    perPage,
    total,
    totalPages: totalPagesOf(total, perPage),
  };
}

/** Up to `limit` titles for the search box's instant suggestions, best first. */
export async function suggest(db: Db, text: string, limit = 8): Promise<TitleCard[]> {
  const query = parseQuery(text);
  if (!query) return [];
  const rows = await ordered(db, docs(db).where(wordCondition(db, query)), "relevance", tier(query))
    .select("d.title_id")
    .limit(limit)
    .execute();
  if (rows.length > 0 || query.text.length < 3)
    return cards(
      db,
      rows.map((r) => r.title_id),
    );
  const similar = (await similarTitles(db, query, undefined, limit * 4)).sort(compareScored("relevance"));
  return cards(
    db,
    similar.slice(0, limit).map((s) => s.id),
  );
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
