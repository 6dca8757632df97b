import { sql, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { LISTING_PAGE_SIZE, SEARCH_COUNT_CAP } from "#app/constants.ts";
import type { Db } from "#app/db/client.server.ts";
import { dialectOf, toCount } from "#app/db/dialect.server.ts";
import type { CreditRole, Database, SearchDocumentsTable } from "#app/db/schema.ts";
import type { Genre, TitleCard } from "#app/modules/catalogue/types.ts";
import { NO_TAG, ftsTag, genreTag, qualityTag, typeTag, yearRangeTags, type TagFilter } from "./tags.ts";
import { asTyped, interpretQuery, type InterpretedQuery, type Understood } from "./query.ts";
import {
  MAX_QUERY_LENGTH,
  MAX_QUERY_TOKENS,
  canonicalWord,
  editDistance,
  isDictionaryWord,
  normalizeText,
  parseQuery,
  queryKeys,
  titleKey,
  typoBudget,
} from "./text.ts";
import type { SearchFilters, SearchSort } from "./types.ts";
import { pageRequest, totalPagesOf, type Page } from "#app/utils/pagination.ts";

export type { SearchFilters, SearchSort };

export interface SearchOptions {
  text: string;
  page?: number;
  limit?: number;
  filters?: SearchFilters;
  sort?: SearchSort;
}

/**
 * What a search reads of the catalogue, handed in by the caller
 * (catalogue/search.server.ts): search queries its own index only, never the
 * catalogue's tables, so the dependency runs one way (issue 33). Each is read only
 * when a search needs it, as before.
 */
export interface CatalogueSource {
  /** Every genre, hidden ones flagged, in the genre list's order. */
  genres(): Promise<SearchGenre[]>;
  /** The cards of these titles, in any order. */
  cards(ids: number[]): Promise<TitleCard[]>;
  /** The credits of these titles. */
  credits(ids: number[]): Promise<{ title_id: number; name: string; role: CreditRole }[]>;
}

export interface SearchGenre extends Genre {
  hidden: boolean;
}

/** A search result: the title's card, and the credited name that matched words its title lacks. */
export interface SearchHit extends TitleCard {
  /** "Buster Keaton" for "general keaton": the credit that holds the query's words missing from the title; null when the title has them all. */
  matchedPerson: string | null;
}

export interface SearchResults extends Page<SearchHit> {
  /** The query as searched (normalised), or null when the text was blank. */
  query: string | null;
  /** How the best result was found: every word as typed, or with corrected or missing words (typo tolerance). */
  match: "words" | "similar" | "none";
  /** More titles match than `total`: a search counts its matches up to `searchPlans.countCap` and pages through those. */
  capped: boolean;
  /** The query as the parser read it (query.ts): its filters and noise words; null when blank. */
  interpreted: InterpretedQuery | null;
  /** Chips of what was read from the words: applied filters, and those understood but not applied. */
  understood: Understood[];
  /** The query with the best result's corrections ("did you mean"), when it needed some. */
  corrected: string | null;
  /** People credited on this page's titles whose names hold every query word (the results page's People group), most credited first. */
  people: PersonSuggestion[];
}

/** At most this many dictionary words stand in for one mistyped query word, the nearest first. */
export const MAX_TYPO_WORDS = 8;
/** Title keys tried for exact and leading matches with corrected words (combinations of each word's forms). */
const MAX_KEYS = 6;
const MAX_PAGE_SIZE = 100;

type Query = NonNullable<ReturnType<typeof parseQuery>> & {
  /** Words that need not match but rank the titles holding them first: noise ("free", "movie") and filters not applied. */
  optional?: string[];
  /** Word sequences, as typed, that a title key may be or start with, beside the required words' (e.g. "free guy" for "free guy hd"). */
  spans?: string[];
};
type Docs = SelectQueryBuilder<Database & { d: SearchDocumentsTable }, "d", object>;

const docs = (db: Db): Docs => db.selectFrom("search_documents as d");

/**
 * The filters as groups of index words (tags.ts), resolved once a search: a title
 * matches when it has a word of every group. Null without filters.
 */
async function tagFilter(source: CatalogueSource, filters: SearchFilters = {}): Promise<TagFilter | null> {
  const groups: TagFilter = [];
  if (filters.type) groups.push([typeTag(filters.type)]);
  if (filters.yearFrom !== undefined || filters.yearTo !== undefined) {
    const years = yearRangeTags(filters.yearFrom, filters.yearTo);
    groups.push(years.length ? years : [NO_TAG]);
  }
  if (filters.genre) {
    const slug = filters.genre.toLowerCase();
    const genre = (await source.genres()).find((g) => g.slug === slug);
    groups.push([genre ? genreTag(genre.id) : NO_TAG]);
  }
  if (filters.quality) groups.push([qualityTag(filters.quality)]);
  return groups.length ? groups : null;
}

/** Tags are [a-z0-9] only (with SQLite's "_" before them), so quoting them is enough to keep them plain words. */
const ftsTags = (tags: TagFilter) => tags.map((g) => `(${g.map((t) => `"${ftsTag(t)}"`).join(" OR ")})`).join(" AND ");
const tsTags = (tags: TagFilter) => tags.map((g) => `(${g.join(" | ")})`).join(" & ");

/** The full-text condition on SQLite: the words (if any) and the filters in one expression. */
function ftsExpression(words: string | null, tags: TagFilter | null): string {
  return [...(words ? [`(${words})`] : []), ...(tags ? [ftsTags(tags)] : [])].join(" AND ");
}

/**
 * SQLite: the title is among the rows of this full-text expression. Broad: "+" keeps
 * SQLite from looking up every matching row by id, so it walks the popularity index
 * (or the sort's) instead and stops at the limit (see rankedIds).
 */
const inFts = (fts: string, broad: boolean) =>
  broad
    ? sql<boolean>`+d.title_id in (select rowid from search_words where search_words match ${fts})`
    : sql<boolean>`d.title_id in (select rowid from search_words where search_words match ${fts})`;

/** SQLite: how many rows of the full-text index match, read from the index alone (up to `cap`, when given). */
async function countFts(db: Db, fts: string, cap?: number): Promise<number> {
  const matches = db.selectFrom("search_words").where(sql<boolean>`search_words match ${fts}`);
  const { n } = await (
    cap === undefined ? matches.select((eb) => eb.fn.countAll().as("n")) : countUpTo(db, matches, cap)
  ).executeTakeFirstOrThrow();
  return toCount(n);
}

/** How many rows a query yields, stopping at `cap`: the count reads no further than that. */
function countUpTo<DB, TB extends keyof DB, O>(db: Db, query: SelectQueryBuilder<DB, TB, O>, cap: number) {
  return db
    .selectFrom(
      query
        .select(sql`1`.as("one"))
        .limit(cap)
        .as("m"),
    )
    .select((eb) => eb.fn.countAll().as("n"));
}

/**
 * Only titles with the filters' tags: one full-text lookup of the tags column (SQLite)
 * or the tag tsvector's GIN index (PostgreSQL). Broad: see inFts.
 */
function applyTags(db: Db, query: Docs, tags: TagFilter | null, broad = false): Docs {
  if (!tags) return query;
  if (dialectOf(db) === "postgres") return query.where(sql<boolean>`d.tag_tsv @@ to_tsquery('simple', ${tsTags(tags)})`);
  return query.where(inFts(ftsExpression(null, tags), broad));
}

/**
 * Whether a query word may be the start of a longer word: only the last one, which
 * may still be being typed, and not a number of one or two digits ("frozen 2" is
 * not "frozen 2012").
 */
const isPrefix = (query: Query, i: number) => i === query.tokens.length - 1 && !/^\d{1,2}$/.test(query.tokens[i]!);

interface Form {
  word: string;
  prefix: boolean;
}
/** What one query word may match: its exact forms, and dictionary words a typo away. */
interface Group {
  exact: Form[];
  typos: Form[];
}
/** A parsed query with what each of its words may match. */
interface Expanded extends Query {
  groups: Group[];
  /** How many words a title may lack and still match: fewer than half. */
  mayMiss: number;
}

/**
 * Dictionary words within each query word's typo budget (text.ts typoBudget),
 * nearest first, then alphabetical, so both databases pick the same ones.
 */
async function typoWords(db: Db, tokens: string[]): Promise<Map<string, string[]>> {
  const wanted = tokens.filter((t) => typoBudget(t) > 0);
  const out = new Map<string, string[]>();
  if (wanted.length === 0) return out;
  const keys = [...new Set(wanted.flatMap(queryKeys))];
  const rows = await db.selectFrom("search_term_keys").select(["key", "term"]).where("key", "in", keys).execute();
  const terms = [...new Set(rows.map((r) => r.term))];
  for (const t of wanted) {
    const budget = typoBudget(t);
    const near = terms
      .filter((term) => term !== t)
      .map((term) => ({ term, d: editDistance(t, term, budget) }))
      .filter((x) => x.d <= budget)
      .sort((a, b) => a.d - b.d || (a.term < b.term ? -1 : 1))
      .slice(0, MAX_TYPO_WORDS)
      .map((x) => x.term);
    out.set(t, near);
  }
  return out;
}

/**
 * Each query word's forms: itself (or its start), its canonical form ("twelve" →
 * "12", see text.ts), the year for a whole 4-digit number, and dictionary words a
 * typo away.
 */
async function expand(db: Db, typed: Query): Promise<Expanded> {
  // The typed words' near words are looked up beside the split/join lookup (one round
  // trip, not two); again only when words were split, so the lookup is of the words searched.
  // Promise.all, not an await of each: when one lookup fails, the other's failure is still handled.
  const [{ query, joins }, early] = await Promise.all([splitAndJoin(db, typed), typoWords(db, typed.tokens)]);
  let typos = early;
  if (query.tokens !== typed.tokens) typos = await typoWords(db, query.tokens);
  for (const [i, joined] of joins) {
    // "dead pool" → "deadpool": the joined word stands in for both words, as a correction of each.
    for (const t of [query.tokens[i]!, query.tokens[i + 1]!]) typos.set(t, [joined, ...(typos.get(t) ?? []).filter((w) => w !== joined)]);
  }
  const groups = query.tokens.map((t, i) => {
    const exact: Form[] = [{ word: t, prefix: isPrefix(query, i) }];
    const canonical = canonicalWord(t);
    if (canonical !== t) exact.push({ word: canonical, prefix: false });
    if (/^\d{4}$/.test(t)) exact.push({ word: `y${t}`, prefix: false });
    const own = new Set(exact.map((f) => f.word));
    return { exact, typos: (typos.get(t) ?? []).filter((w) => !own.has(w)).map((word) => ({ word, prefix: false })) };
  });
  return { ...query, groups, mayMiss: Math.floor((groups.length - 1) / 2) };
}

const formsOf = (group: Group) => [...group.exact, ...group.typos];

/** A query word's ways of being two words: at each letter/digit boundary ("rocky4"), or at any point ("toolbox" → "tool box"). */
function splitsOf(word: string): string[][] {
  const byDigits = word.match(/[a-z]+|\d+/g) ?? [];
  const out: string[][] = byDigits.length > 1 ? [byDigits] : [];
  if (/^[a-z]+$/.test(word)) for (let i = 3; i <= word.length - 3; i++) out.push([word.slice(0, i), word.slice(i)]);
  return out;
}

/** Whether a dictionary word is longer than this one and starts with it (a range of search_terms' primary key). */
async function startsAWord(db: Db, word: string): Promise<boolean> {
  const row = await db
    .selectFrom("search_terms")
    .select("term")
    .where("term", ">", word)
    .where("term", "<", `${word}{`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Words typed apart or together that the catalogue writes the other way, found in the
 * dictionary of indexed words (search_terms): a word the dictionary lacks whose parts
 * it has is split ("toolbox" → "tool box", "terminator2" → "terminator 2"); two
 * neighbouring words whose join it has are also matched by the join ("dead pool" →
 * "deadpool"), as a correction of each (so "did you mean deadpool").
 */
async function splitAndJoin(db: Db, query: Query): Promise<{ query: Query; joins: [number, string][] }> {
  const wanted = new Set<string>();
  for (const t of query.tokens) {
    wanted.add(t);
    for (const parts of splitsOf(t)) for (const p of parts) wanted.add(p);
  }
  for (let i = 0; i + 1 < query.tokens.length; i++) wanted.add(query.tokens[i]! + query.tokens[i + 1]!);
  const asked = [...wanted].filter(isDictionaryWord);
  if (asked.length === 0) return { query, joins: [] };
  const known = new Set((await db.selectFrom("search_terms").select("term").where("term", "in", asked).execute()).map((r) => r.term));
  const isKnown = (w: string) => known.has(w) || /^\d+$/.test(w);
  const tokens: string[] = [];
  for (const [i, t] of query.tokens.entries()) {
    let split = known.has(t) || !/[a-z]/.test(t) ? undefined : splitsOf(t).find((parts) => parts.every(isKnown));
    // The last word may be unfinished: "incred" is the start of "incredible", not "inc red".
    if (split && i === query.tokens.length - 1 && (await startsAWord(db, t))) split = undefined;
    tokens.push(...(split ?? [t]));
  }
  const unique = [...new Set(tokens)].slice(0, MAX_QUERY_TOKENS);
  const joins: [number, string][] = [];
  for (let i = 0; i + 1 < unique.length; i++) {
    const joined = unique[i]! + unique[i + 1]!;
    if (known.has(joined) && !unique.includes(joined)) joins.push([i, joined]);
  }
  const changed = unique.join(" ") !== query.tokens.join(" ");
  return { query: changed ? { ...query, tokens: unique } : query, joins };
}

/** Words are [a-z0-9] only (see normalizeText), so quoting them is enough to keep them plain words. */
const ftsForms = (forms: Form[]) => `(${forms.map((f) => (f.prefix ? `"${f.word}"*` : `"${f.word}"`)).join(" OR ")})`;
const tsForms = (forms: Form[]) => `(${forms.map((f) => (f.prefix ? `${f.word}:*` : f.word)).join(" | ")})`;

/** Every way of choosing `size` of the groups, in order. */
function choose<T>(items: T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...choose(rest, size - 1).map((c) => [first!, ...c]), ...choose(rest, size)];
}

/** The full-text expression: all groups, or all but `mayMiss` of them (any form of each). */
function matchExpression(query: Expanded, postgres: boolean, level: Level = { missing: query.mayMiss, exact: false }): string {
  const form = postgres ? tsForms : ftsForms;
  const and = postgres ? " & " : " AND ";
  const or = postgres ? " | " : " OR ";
  return choose(query.groups, query.groups.length - level.missing)
    .map((groups) => `(${groups.map((g) => form(level.exact ? g.exact : formsOf(g))).join(and)})`)
    .join(or);
}

/** A stratum of matches: at most `missing` words missing, and whether every present word is as typed. */
interface Level {
  missing: number;
  exact: boolean;
}

/**
 * Whether a title's index words match this full-text expression and it has the
 * filters' tags: one full-text intersection on SQLite, two GIN indexes on PostgreSQL.
 */
function matches(db: Db, expression: string, tags: TagFilter | null, broad = false): RawBuilder<boolean> {
  if (dialectOf(db) === "postgres") {
    const words = sql<boolean>`d.tsv @@ to_tsquery('simple', ${expression})`;
    return tags ? sql<boolean>`${words} and d.tag_tsv @@ to_tsquery('simple', ${tsTags(tags)})` : words;
  }
  return inFts(ftsExpression(expression, tags), broad);
}

/**
 * The full-text condition: each query word (or one of its forms) is a word of the
 * title, original title, names, their other forms or year, the last one possibly
 * only its start; with several words, fewer than half may be missing. The title has
 * the filters' tags.
 */
const wordCondition = (db: Db, query: Expanded, tags: TagFilter | null, level?: Level, broad = false) =>
  matches(db, matchExpression(query, dialectOf(db) === "postgres", level), tags, broad);

/** How many titles match a stratum (the loosest, every match, by default), up to one more than the count cap. */
interface Counter {
  (level?: Level): Promise<number>;
  /** A stratum's count read by another statement (PostgreSQL's strata read), not read again. */
  known(level: Level, n: number): void;
}

/** Counts stop one past this: the count cap, and at least `broadStratum`, which the plans compare with. */
const countLimit = () => Math.max(searchPlans.countCap, searchPlans.broadStratum) + 1;
/** Every query word as typed: the first stratum read. */
const AS_TYPED: Level = { missing: 0, exact: true };

/**
 * One search's stratum counts, each counted once: the loosest stratum is the total,
 * and the last stratum the ranking reads has the same expression. Each count stops
 * one past `searchPlans.countCap` (at least `broadStratum`, which the plans compare
 * with): counting every match read every matching row, on PostgreSQL each one's
 * heap page, the larger part of a broad search at 1M titles (ADR 007).
 */
function stratumCounter(db: Db, query: Expanded, tags: TagFilter | null): Counter {
  const counts = new Map<string, Promise<number>>();
  const keyOf = (level?: Level) => matchExpression(query, dialectOf(db) === "postgres", level);
  const counter = (level?: Level) => {
    const key = keyOf(level);
    let n = counts.get(key);
    if (!n) counts.set(key, (n = countWordMatches(db, query, tags, countLimit(), level)));
    return n;
  };
  return Object.assign(counter, { known: (level: Level, n: number) => void counts.set(keyOf(level), Promise.resolve(n)) });
}

async function countWordMatches(db: Db, query: Expanded, tags: TagFilter | null, cap: number, level?: Level): Promise<number> {
  // On SQLite the full-text index alone knows how many rows match, filters included.
  if (dialectOf(db) === "sqlite") return countFts(db, ftsExpression(matchExpression(query, false, level), tags), cap);
  const { n } = await countUpTo(db, docs(db).where(wordCondition(db, query, tags, level)), cap).executeTakeFirstOrThrow();
  return toCount(n);
}

/** The title keys the query may stand for: its words, or their corrections, as a title key (titleKey). */
function queryKeysOfTitle(query: Expanded): string[] {
  let keys = [""];
  for (const group of query.groups) {
    const words = [group.exact[0]!.word, ...group.typos.map((t) => t.word)];
    // A joined word stands for two groups ("dead pool" → "deadpool"): written once.
    keys = keys.flatMap((k) => words.map((w) => (!k ? w : k === w || k.endsWith(` ${w}`) ? k : `${k} ${w}`))).slice(0, MAX_KEYS);
  }
  // Sequences with the words visitors add around a title ("free guy" of "free guy hd").
  return [...new Set([...keys, ...(query.spans ?? [])].map(titleKey))].filter(Boolean);
}

/**
 * 0 exact title, 1 the title starts with the query's words, 2 with its text, 3 all
 * words in the title, 4 elsewhere. Titles compare by key (titleKey: numerals
 * canonical, no leading article), so "godfather" is The Godfather's exact title,
 * and with corrected words ("the matirx" is The Matrix's).
 */
function tierOf(query: Expanded, queryKeys: string[], doc: { keys: string; title: string; original: string }): number {
  const keys = doc.keys.split("|").filter(Boolean);
  if (keys.some((k) => queryKeys.includes(k))) return 0;
  if (keys.some((k) => queryKeys.some((q) => k.startsWith(`${q} `)))) return 1;
  if (keys.some((k) => queryKeys.some((q) => k.startsWith(q)))) return 2;
  const words = ` ${keys.join(" ")} ${doc.title} ${doc.original} `;
  const inTitle = query.groups.every((g) => formsOf(g).some((f) => words.includes(f.prefix ? ` ${f.word}` : ` ${f.word} `)));
  return inTitle ? 3 : 4;
}

/**
 * Titles whose key starts with one the query may stand for: the candidates for tiers
 * 0–2, which popularity alone could miss. A range of the search_keys B-tree per key
 * (keys are [a-z0-9 ], so "{" sorts after every continuation), not LIKE over every match.
 */
function leadingKeys(db: Db, queryKeys: string[], plan: "lookup" | "top" | "collect" | "walk" = "lookup") {
  return (eb: ExpressionBuilder<Database & { d: SearchDocumentsTable }, "d">) => {
    switch (plan) {
      case "top":
        // Up to a couple of thousand, unfiltered (SQLite): the most popular picked from
        // the narrow rank index, then only their rows read, not every leading title's.
        return eb(
          "d.title_id",
          "in",
          keyRange(db, queryKeys)
            .innerJoin("search_documents as p", "p.title_id", "k.title_id")
            .select("p.title_id")
            .orderBy("p.popularity", "desc")
            .orderBy("p.title_id", "desc")
            .limit(LEADING_CANDIDATES),
        );
      case "walk":
        // Thousands (SQLite): walk the popularity index and look each title's keys up
        // by its id, stopping at the limit: "retur" leads 16k of 100k titles, and
        // collecting them first costs 6 ms where this costs 0.4.
        return eb.exists(
          keyRange(db, queryKeys)
            .select(sql`1`.as("x"))
            .where(sql<boolean>`k.title_id = d.title_id`),
        );
      case "collect":
        // "+": collect the titles, then walk the popularity index testing membership (see matches).
        return eb(sql<number>`+d.title_id`, "in", keyRange(db, queryKeys).select("k.title_id"));
      default:
        return eb("d.title_id", "in", keyRange(db, queryKeys).select("k.title_id"));
    }
  };
}

/**
 * The search_keys rows in any of these keys' ranges. A key another one starts is
 * inside that one's range and left out ("return" within "retur"): with one range
 * SQLite reads the covering index alone (16k keys counted in 0.4 ms, not 5).
 */
function keyRange(db: Db, queryKeys: string[]) {
  const sorted = [...new Set(queryKeys)].sort();
  const ranges = sorted.filter((key, i) => !sorted.slice(0, i).some((other) => key.startsWith(other)));
  return db
    .selectFrom("search_keys as k")
    .where((k) => k.or(ranges.map((key) => k.and([k("k.key", ">=", key), k("k.key", "<", `${key}{`)]))));
}

/** How many title keys lead with the query's: a range count of the B-tree, about a millisecond for 16k. */
async function countLeadingKeys(db: Db, queryKeys: string[]): Promise<number> {
  const { n } = await keyRange(db, queryKeys)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Candidates ranked beyond the page, so tier and title length can reorder what popularity brought. */
const CANDIDATE_MARGIN = 20;
/**
 * When SQLite reads a set by walking an order's index instead of looking every member
 * up and sorting: from `broadStratum` members, collected first and tested as the walk
 * goes (about where that costs less at 100k titles); a leading-key set from
 * `leadingWalk`, each walked title's keys looked up by id instead (the walk's length
 * falls as the set grows, collecting grows with it: they cross near 3k at 100k titles).
 * Only the plan changes, not the results: the shared-results test lowers them to run
 * these plans on a small catalogue.
 * `countCap`: a search's total is counted up to this many matches (SEARCH_COUNT_CAP;
 * lowered by tests to exercise it).
 */
export const searchPlans = { broadStratum: 2_000, leadingWalk: 5_000, countCap: SEARCH_COUNT_CAP };
/** Titles leading with the query's key taken besides at each stratum, the most popular first. */
const LEADING_CANDIDATES = 50;

interface Candidate {
  title_id: number;
  keys: string;
  title: string;
  original: string;
  names: string;
  alt: string;
  year: string;
  popularity: number;
  uploaded_at: string | Date;
}

/** How many query words a title lacks, and how many it has only corrected (missing ones included). */
function missesOf(query: Expanded, c: Candidate): { missing: number; inexact: number } {
  const words = wordsOf(c);
  const set = new Set(words);
  const has = (f: Form) => set.has(f.word) || (f.prefix && words.some((w) => w.startsWith(f.word)));
  let missing = 0;
  let inexact = 0;
  for (const g of query.groups) {
    if (g.exact.some(has)) continue;
    inexact++;
    if (!g.typos.some(has)) missing++;
  }
  return { missing, inexact };
}

const wordsOf = (c: Candidate) => `${c.title} ${c.original} ${c.names} ${c.alt}${c.year ? ` y${c.year}` : ""}`.split(" ");

/** How many of the optional words (noise, filters not applied) a title lacks: those holding them rank first among equals. */
function optionalMissing(query: Expanded, c: Candidate): number {
  if (!query.optional?.length) return 0;
  const set = new Set(wordsOf(c));
  return query.optional.filter((w) => !set.has(w) && !set.has(canonicalWord(w)) && !set.has(`y${w}`)).length;
}

/** The query with the best title's corrections: each corrected word as that title has it, missing words left out. */
function correctedText(query: Expanded, c: Candidate): string {
  const set = new Set(wordsOf(c));
  const has = (f: Form) => set.has(f.word) || (f.prefix && [...set].some((w) => w.startsWith(f.word)));
  const words: string[] = [];
  query.groups.forEach((g, i) => {
    const word = g.exact.some(has) ? query.tokens[i]! : g.typos.find(has)?.word;
    if (word && words[words.length - 1] !== word) words.push(word);
  });
  return words.join(" ");
}

/**
 * PostgreSQL: a title's words and tags tested row by row, by the function behind `@@`,
 * which no GIN index serves: a read with it walks the rank order index and stops at its
 * limit, where `@@` would let the planner fetch every match first.
 */
function walkMatches(expression: string, tags: TagFilter | null): RawBuilder<boolean> {
  const words = sql<boolean>`ts_match_vq(d.tsv, to_tsquery('simple', ${expression}))`;
  return tags ? sql<boolean>`${words} and ts_match_vq(d.tag_tsv, to_tsquery('simple', ${tsTags(tags)}))` : words;
}

/**
 * PostgreSQL: each stratum's best `want` titles (`best`), all strata in one statement.
 * Each is read as SQLite reads it (see rankedIds), the plan chosen inside the statement:
 * its first `broadStratum` matches are collected from the GIN indexes; fewer than that,
 * the best are picked among them; as many, the stratum is broad and the rank order index
 * is walked (walkMatches) until `want` are found, instead of every match fetched and
 * sorted. A stratum is read only when the one before found fewer than `want`, the only
 * case in which rankedIds reads on, so the rows taken are those of a statement per stratum.
 */
async function postgresStrata(
  db: Db,
  query: Expanded,
  tags: TagFilter | null,
  levels: Level[],
  want: number,
  best: (condition: RawBuilder<boolean>) => Docs,
  counter: Counter,
): Promise<Candidate[][]> {
  const broad = searchPlans.broadStratum;
  // The first stratum's collected matches are also its count (up to the same limit as
  // the counter's): when that stratum is every match, the search's total comes with it.
  const countsAll = matchExpression(query, true) === matchExpression(query, true, AS_TYPED);
  const ctes = levels.flatMap((level, i) => {
    const expression = matchExpression(query, true, level);
    const [m, r] = [sql.id(`m${i}`), sql.id(`r${i}`)];
    const guard = i === 0 ? sql<boolean>`true` : sql<boolean>`(select count(*) from ${sql.id(`r${i - 1}`)}) < ${want}`;
    const found = sql`(select count(*) from ${m})`;
    return [
      sql`${m} as materialized (select d.title_id from search_documents d where ${guard} and ${matches(db, expression, tags)} limit ${countLimit()})`,
      sql`${r} as materialized (${best(sql<boolean>`${found} < ${broad} and d.title_id in (select title_id from ${m})`)} union all ${best(
        sql<boolean>`${guard} and ${found} >= ${broad} and ${walkMatches(expression, tags)}`,
      )})`,
    ];
  });
  const strata = levels.map((_, i) => sql`select ${sql.lit(i)} as stratum, * from ${sql.id(`r${i}`)}`);
  // The count as a row of its own (stratum -1, last: the first branch names the columns), so it comes even when nothing matches.
  if (countsAll) strata.push(sql`select -1, (select count(*) from m0)::int, ${sql.raw(Array(8).fill("null").join(", "))}`);
  const { rows } = await sql<Candidate & { stratum: number }>`with ${sql.join(ctes)} ${sql.join(strata, sql` union all `)}`.execute(db);
  const out = levels.map(() => [] as Candidate[]);
  for (const { stratum, ...c } of rows) {
    if (stratum === -1) counter.known(AS_TYPED, c.title_id);
    else out[stratum]!.push(c);
  }
  return out;
}

/**
 * The relevance ranking over top candidates rather than every match. Matches come
 * in strata (every word as typed; every word, some corrected; one word missing; …),
 * and a better stratum always ranks first, so strata are read best first until the
 * page is full: within each, the most popular matches and those whose title key
 * leads with the query's. The candidates are ranked here by missing words,
 * corrected words, tier, popularity, shorter title, newer upload.
 */
async function rankedIds(
  db: Db,
  query: Expanded,
  tags: TagFilter | null,
  count: number,
  counter: Counter = stratumCounter(db, query, tags),
): Promise<{ id: number; inexact: number; corrected?: string }[]> {
  const queryKeys = queryKeysOfTitle(query);
  const hasTypos = query.groups.some((g) => g.typos.length > 0);
  const levels: Level[] = [{ missing: 0, exact: true }];
  if (hasTypos) levels.push({ missing: 0, exact: false });
  for (let m = 1; m <= query.mayMiss; m++) levels.push({ missing: m, exact: false });
  const want = count + CANDIDATE_MARGIN;
  const columns = ["d.title_id", "d.keys", "d.title", "d.original", "d.names", "d.alt", "d.year", "d.popularity", "d.uploaded_at"] as const;
  // Strata best first: every word as typed (0), some corrected (1), m words missing (m + 1).
  const rankOfLevel = (level: Level) => (level.missing === 0 ? (level.exact ? 0 : 1) : level.missing + 1);
  const rankOf = (m: { missing: number; inexact: number }) => (m.missing === 0 ? (m.inexact === 0 ? 0 : 1) : m.missing + 1);
  const byId = new Map<number, { c: Candidate; stratum: number }>();
  const add = (c: Candidate) => {
    const misses = missesOf(query, c);
    // Leading candidates come without the full-text condition: keep only real matches.
    if (misses.missing <= query.mayMiss) byId.set(c.title_id, { c, stratum: rankOf(misses) });
  };
  const within = (rank: number) => [...byId.values()].filter((x) => x.stratum <= rank).length;
  // Tiers 0–2 first, from the search_keys B-tree alone: when they fill the page of a
  // stratum, no title of that stratum can rank above them (tier comes before
  // popularity), so the full-text read of every match is skipped.
  // A common start ("retur" leads 16k of 100k synthetic titles) is read in popularity
  // order until 50 are found, as a broad stratum is below, not looked up title by title then sorted.
  // With filters, the leading titles are also intersected with the matches that have
  // the filters' tags (the loosest stratum: missesOf keeps the same titles), one
  // full-text read instead of a filter check per leading title.
  const sqlite = dialectOf(db) === "sqlite";
  const leadingCount = sqlite ? await countLeadingKeys(db, queryKeys) : 0;
  const broadLeading = sqlite && leadingCount >= searchPlans.broadStratum;
  const plan = broadLeading ? (leadingCount >= searchPlans.leadingWalk ? "walk" : "collect") : sqlite && !tags ? "top" : "lookup";
  let leadingQuery = docs(db).where(leadingKeys(db, queryKeys, plan));
  if (tags) leadingQuery = leadingQuery.where(wordCondition(db, query, tags, undefined, broadLeading));
  // The best `want` titles meeting a condition, in relevance order.
  const best = (selection: typeof columns | ["d.title_id"], condition: RawBuilder<boolean>) =>
    ordered(db, docs(db).where(condition).select(selection) as unknown as Docs, "relevance").limit(want);
  if (!sqlite) {
    // PostgreSQL: the leading read and every stratum's read at once (two statements side
    // by side), then taken stratum by stratum exactly as the reads below would be.
    const [leading, strata] = await Promise.all([
      leadingQuery
        .select(columns)
        .orderBy("d.popularity", "desc")
        .orderBy("d.title_id", "desc")
        .limit(LEADING_CANDIDATES)
        .execute() as Promise<Candidate[]>,
      postgresStrata(db, query, tags, levels, want, (condition) => best(columns, condition), counter),
    ]);
    for (const c of leading) add(c);
    for (const [i, level] of levels.entries()) {
      const rank = rankOfLevel(level);
      if (within(rank) >= want) break;
      for (const c of strata[i] ?? []) add(c);
      if (within(rank) >= want) break;
    }
    return rankCandidates(
      query,
      queryKeys,
      [...byId.values()].map((x) => x.c),
      count,
    );
  }
  const leading = (await leadingQuery
    .select(columns)
    .orderBy("d.popularity", "desc")
    .orderBy("d.title_id", "desc")
    .limit(LEADING_CANDIDATES)
    .execute()) as Candidate[];
  for (const c of leading) add(c);
  for (const level of levels) {
    const rank = rankOfLevel(level);
    if (within(rank) >= want) break;
    // On SQLite, a stratum of thousands of matches ("the", or "a" among TV shows) is read
    // in popularity order until the page is full, instead of every match by id then sorted;
    // a narrow one the other way, which would otherwise walk the whole popularity index.
    const broad = sqlite && (await counter(level)) >= searchPlans.broadStratum;
    // A narrow stratum on SQLite: the page's worth picked in order from the rank index
    // first, so only those wide rows are read (PostgreSQL reads the rows to match anyway).
    const condition = wordCondition(db, query, tags, level, broad);
    const popular = (await best(
      columns,
      sqlite && !broad ? sql<boolean>`d.title_id in ${best(["d.title_id"], condition)}` : condition,
    ).execute()) as unknown as Candidate[];
    for (const c of popular) add(c);
    if (within(rank) >= want) break;
  }
  return rankCandidates(
    query,
    queryKeys,
    [...byId.values()].map((x) => x.c),
    count,
  );
}

/**
 * The candidates in relevance order: fewest missing words, fewest corrected ones, tier,
 * optional words held, popularity, shorter title, newer upload.
 */
function rankCandidates(
  query: Expanded,
  queryKeys: string[],
  candidates: Candidate[],
  count: number,
): { id: number; inexact: number; corrected?: string }[] {
  const ranked = candidates.map((c) => ({
    c,
    ...missesOf(query, c),
    tier: tierOf(query, queryKeys, c),
    optional: optionalMissing(query, c),
    uploaded: new Date(c.uploaded_at).getTime(),
  }));
  ranked.sort(
    (a, b) =>
      a.missing - b.missing ||
      a.inexact - b.inexact ||
      a.tier - b.tier ||
      a.optional - b.optional ||
      b.c.popularity - a.c.popularity ||
      a.c.title.length - b.c.title.length ||
      b.uploaded - a.uploaded ||
      b.c.title_id - a.c.title_id,
  );
  return ranked.slice(0, count).map((r, i) => ({
    id: r.c.title_id,
    inexact: r.inexact,
    ...(i === 0 && r.inexact > 0 ? { corrected: correctedText(query, r.c) } : {}),
  }));
}

/** The orders that need no relevance; "relevance" here is popularity first (see rankedIds for the full ranking). */
function ordered(db: Db, query: Docs, sort: SearchSort, relevance: RawBuilder<number>[] = []): Docs {
  switch (sort) {
    case "title":
      // Byte order on both: PostgreSQL would otherwise sort by its locale's rules.
      return query.orderBy(dialectOf(db) === "postgres" ? sql`d.title collate "C"` : sql`d.title`).orderBy("d.title_id");
    case "rating":
      query = query.orderBy(sql`d.rating is null`).orderBy("d.rating", "desc");
      break;
    case "relevance":
      for (const r of relevance) query = query.orderBy(r);
      query = query.orderBy("d.popularity", "desc").orderBy(sql`length(d.title)`);
      break;
    case "newest":
      break;
  }
  return query.orderBy("d.uploaded_at", "desc").orderBy("d.title_id", "desc");
}

/** The cards of these titles, in the order given. */
async function cards(source: CatalogueSource, ids: number[]): Promise<TitleCard[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await source.cards(ids)).map((c) => [c.id, c]));
  return ids.map((id) => byId.get(id)).filter((c) => c !== undefined);
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
  capped: false,
  interpreted: null,
  understood: [],
  corrected: null,
  people: [],
});

/**
 * Whether a title key is, or starts with, the whole query's words: the query names a
 * title ("Free Guy", "The Movie", "1917", "Hindi Medium") and is taken as typed, its
 * words not read as noise or filters. One B-tree lookup of search_keys.
 */
async function namesATitle(db: Db, text: string): Promise<boolean> {
  const key = titleKey(text);
  if (!key) return false;
  const row = await db
    .selectFrom("search_keys as k")
    .select("k.title_id")
    .where((k) => k.or([k("k.key", "=", key), k.and([k("k.key", ">=", `${key} `), k("k.key", "<", `${key} {`)])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What one interpretation of the words searches: its required words (with the optional ones) and its filters. */
interface Plan {
  interpreted: InterpretedQuery;
  query: Query;
  filters: SearchFilters;
  understood: Understood[];
}

/**
 * The interpretation's search: its words must match; noise and filters not applied are
 * optional words; applied filters join the explicit ones (which win: a chip is shown
 * only for a filter the words set).
 */
function planOf(interpreted: InterpretedQuery, explicit: SearchFilters = {}): Plan {
  const filters: SearchFilters = { ...explicit };
  const understood: Understood[] = [];
  const appliedWords = new Set<number>();
  for (const chip of interpreted.understood) {
    if (chip.applied) {
      const f = interpreted.filters;
      if (chip.kind === "type" && f.type && !explicit.type) filters.type = f.type;
      else if (chip.kind === "year" && f.year && explicit.yearFrom === undefined && explicit.yearTo === undefined)
        filters.yearFrom = filters.yearTo = f.year;
      else if (chip.kind === "quality" && f.quality && !explicit.quality) filters.quality = f.quality;
      else continue;
    }
    understood.push(chip);
  }
  // Token positions of applied filters: left out of the words and the title sequences.
  interpreted.tokens.forEach((t, i) => {
    if (interpreted.roles[i] === "filter" && understood.some((c) => c.applied && c.words.includes(t))) appliedWords.add(i);
  });
  const kept = interpreted.tokens.map((t, i) => ({ t, i })).filter((x) => !appliedWords.has(x.i));
  // interpretQuery leaves at least one word (else it takes the text as typed).
  const tokens = [...new Set(kept.filter((x) => interpreted.roles[x.i] === "word").map((x) => x.t))].slice(0, MAX_QUERY_TOKENS);
  // Noise, words of filters not applied (or overridden by an explicit filter).
  const optional = [...new Set(kept.map((x) => x.t).filter((t) => !tokens.includes(t)))];
  // Sequences of the kept words that hold every required word: "free guy" of "free guy hd".
  const positions = kept.map((x, k) => (tokens.includes(x.t) ? k : -1)).filter((k) => k >= 0);
  const spans: string[] = [];
  if (optional.length && positions.length) {
    const [first, last] = [Math.min(...positions), Math.max(...positions)];
    for (let a = first; a >= 0; a--)
      for (let b = last; b < kept.length; b++)
        spans.push(
          kept
            .slice(a, b + 1)
            .map((x) => x.t)
            .join(" "),
        );
  }
  const query: Query = { text: interpreted.text, tokens, optional, spans: spans.slice(0, MAX_KEYS) };
  return { interpreted, query, filters, understood };
}

/**
 * The interpretation without its applied filters, their words optional instead (as
 * noise): what a search tries when the filters leave nothing. "2001 space odyssey" is
 * not from 2001, "scarface 1080p" has no 1080p release: the title is still found, and
 * one with those words ranks first.
 */
function withoutAppliedFilters(interpreted: InterpretedQuery): InterpretedQuery | null {
  const applied = interpreted.understood.filter((c) => c.applied);
  if (applied.length === 0) return null;
  const roles = interpreted.roles.map((r, i) =>
    r === "filter" && applied.some((c) => c.words.includes(interpreted.tokens[i]!)) ? ("noise" as const) : r,
  );
  return { ...interpreted, roles, filters: {}, understood: interpreted.understood.filter((c) => !c.applied) };
}

/** The query read by the parser (query.ts), or as typed when its whole text names a title. Null when blank. */
async function interpret(db: Db, text: string): Promise<InterpretedQuery | null> {
  const interpreted = interpretQuery(text.slice(0, MAX_QUERY_LENGTH));
  if (interpreted.tokens.length === 0) return null;
  if (interpreted.roles.every((r) => r === "word")) return interpreted;
  return (await namesATitle(db, interpreted.text)) ? asTyped(interpreted.tokens) : interpreted;
}

/**
 * Searches the catalogue. Every word of the query, or a word a typo away from it,
 * must be a word of a title's title, original title, credited names or year (the
 * last one may be unfinished); with several words, fewer than half may be missing.
 * Titles lacking fewer words rank first, then those with fewer typos, then exact
 * and leading title matches, then the more popular. Blank text is no search at all.
 */
export async function searchCatalogue(db: Db, source: CatalogueSource, options: SearchOptions): Promise<SearchResults> {
  const { page, perPage } = pageOf(options);
  const interpreted = await interpret(db, options.text ?? "");
  if (!interpreted) return emptyResults(page, perPage, null);
  if (interpreted.onlyLittleWords)
    return { ...emptyResults(page, perPage, interpreted.text), interpreted, understood: interpreted.understood };
  const plan = planOf(interpreted, options.filters);
  const found = await searchPlan(db, source, plan, options);
  // Filters read from the words that leave nothing ("2001 space odyssey" is not from 2001): the words as words.
  const fallback = found.total === 0 ? withoutAppliedFilters(interpreted) : null;
  return fallback ? searchPlan(db, source, planOf(fallback, options.filters), options) : found;
}

async function searchPlan(db: Db, source: CatalogueSource, plan: Plan, options: SearchOptions): Promise<SearchResults> {
  const { page, perPage, offset } = pageOf(options);
  const [query, tags] = await Promise.all([expand(db, plan.query), tagFilter(source, plan.filters)]);
  const extra = { interpreted: plan.interpreted, understood: plan.understood };
  const sort = options.sort ?? "relevance";
  const counter = stratumCounter(db, query, tags);

  // Counted beside the ranking, not before it: on PostgreSQL they run on two connections.
  // There, when the first stratum is every match, the ranking's statement counts them:
  // the count waits for it rather than reading the same matches beside it.
  const countedWithRanking =
    sort === "relevance" && dialectOf(db) === "postgres" && matchExpression(query, true) === matchExpression(query, true, AS_TYPED);
  const [matches, ranked] = countedWithRanking
    ? await rankedIds(db, query, tags, offset + perPage, counter).then(async (r) => [await counter(), r] as const)
    : await Promise.all([counter(), sort === "relevance" ? rankedIds(db, query, tags, offset + perPage, counter) : undefined]);
  if (matches === 0) return { ...emptyResults(page, perPage, query.text), ...extra };
  const total = Math.min(matches, searchPlans.countCap);
  let ids: number[];
  let best: { inexact: number; corrected?: string } | undefined;
  if (ranked) {
    ids = ranked.slice(offset, Math.max(offset, total)).map((r) => r.id);
    best = ranked[0];
  } else {
    // Thousands of matches: walk the sort's index and stop at the page (see matches). On
    // PostgreSQL the newest and rating indexes (walkMatches); it has no title index to walk.
    const broad = matches >= searchPlans.broadStratum;
    const condition =
      dialectOf(db) === "sqlite"
        ? wordCondition(db, query, tags, undefined, broad)
        : broad && sort !== "title"
          ? walkMatches(matchExpression(query, true), tags)
          : wordCondition(db, query, tags);
    // The best relevance match is corrected exactly when no title has every word as typed.
    // Without corrections or missing words that stratum is every match, already counted.
    const [rows, asTyped] = await Promise.all([
      ordered(db, docs(db).where(condition), sort)
        .select("d.title_id")
        .limit(Math.max(0, Math.min(perPage, total - offset)))
        .offset(offset)
        .execute(),
      counter({ missing: 0, exact: true }),
    ]);
    ids = rows.map((r) => r.title_id);
    best = { inexact: asTyped > 0 ? 0 : 1 };
  }
  const { hits, people } = await explained(source, query, await cards(source, ids));
  return {
    items: hits,
    people,
    page,
    perPage,
    total,
    totalPages: totalPagesOf(total, perPage),
    query: query.text,
    match: best && best.inexact > 0 ? "similar" : "words",
    capped: matches > searchPlans.countCap,
    ...extra,
    corrected: didYouMean(plan, best?.corrected),
  };
}

/**
 * The whole query again with the best result's corrected words in place of the
 * required ones (filters and noise words kept as typed), when that differs from it.
 */
function didYouMean(plan: Plan, corrected: string | undefined): string | null {
  if (!corrected) return null;
  const { tokens } = plan.interpreted;
  const required = new Set(plan.query.tokens);
  const firstWord = tokens.findIndex((t) => required.has(t));
  const out = tokens.filter((t, i) => !required.has(t) || i === firstWord).map((t, i) => (i === firstWord ? corrected : t));
  const text = out.join(" ");
  return text && text !== plan.interpreted.text ? text : null;
}

/**
 * Lists the catalogue without a search text: filtered and sorted as a search is
 * (a genre page's sort and filters). "relevance" means nothing here and sorts as
 * "newest" (latest upload first).
 */
export async function browseCatalogue(
  db: Db,
  source: CatalogueSource,
  options: Omit<SearchOptions, "text"> & { filters: SearchFilters },
): Promise<Page<TitleCard>> {
  const { page, perPage, offset } = pageOf(options);
  const tags = await tagFilter(source, options.filters);
  const readPage = (broad: boolean) =>
    ordered(db, applyTags(db, docs(db), tags, broad), options.sort ?? "newest")
      .select("d.title_id")
      .limit(perPage)
      .offset(offset)
      .execute();
  let rows: { title_id: number }[];
  let total: number;
  if (dialectOf(db) === "sqlite") {
    // Counted first, from the full-text index alone: a broad filter (every TV show)
    // then walks the sort's index and stops at the page instead of sorting every title.
    total = tags
      ? await countFts(db, ftsExpression(null, tags))
      : toCount(
          (
            await docs(db)
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
    rows = await readPage(total >= searchPlans.broadStratum);
  } else {
    const [found, count] = await Promise.all([
      readPage(false),
      applyTags(db, docs(db), tags)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    rows = found;
    total = toCount(count.n);
  }
  return {
    items: await cards(
      source,
      rows.map((r) => r.title_id),
    ),
    page,
    perPage,
    total,
    totalPages: totalPagesOf(total, perPage),
  };
}

/** Up to `limit` titles for the search box's instant suggestions, best first. */
export async function suggest(db: Db, source: CatalogueSource, text: string, limit = 8): Promise<TitleCard[]> {
  return (await suggestGrouped(db, source, text, { titles: limit, people: 0, genres: 0 })).titles;
}

/** A credited person the typed words name, and how many of the best-matching titles credit them (which orders them). */
export interface PersonSuggestion {
  name: string;
  /** Director when any of those titles credits them as one. */
  role: CreditRole;
  titles: number;
}

export interface GroupedSuggestions {
  titles: TitleCard[];
  people: PersonSuggestion[];
  genres: Genre[];
}

/** What the search box shows at most of each group. */
export const SUGGESTION_LIMITS = { titles: 8, people: 3, genres: 2 };

/** Best-matching titles whose credits are looked through for the people the query names. */
const PEOPLE_SOURCE_TITLES = 20;

/**
 * The search box's suggestions, grouped: titles (the search ranking, the last word a
 * prefix, corrections from the 4th letter), then people credited on the best matches
 * whose names hold every typed word (or its correction), most credited first, then
 * public genres whose names the words start. People come from the ranked titles
 * rather than a scan of every credit, so they cost one indexed read of 20 titles' credits.
 */
export async function suggestGrouped(
  db: Db,
  source: CatalogueSource,
  text: string,
  limits: { titles: number; people: number; genres: number } = SUGGESTION_LIMITS,
): Promise<GroupedSuggestions> {
  const parsed = parseQuery(text);
  const interpreted = await interpret(db, text);
  if (!parsed || !interpreted || interpreted.onlyLittleWords) return { titles: [], people: [], genres: [] };
  // The search's interpretation, its fallback included: what the box suggests is what Enter finds.
  const rank = async (plan: Plan) => {
    const [query, tags] = await Promise.all([expand(db, plan.query), tagFilter(source, plan.filters)]);
    const ids = (await rankedIds(db, query, tags, Math.max(limits.titles, limits.people > 0 ? PEOPLE_SOURCE_TITLES : 0))).map((r) => r.id);
    return { query, ids };
  };
  let { query, ids: ranked } = await rank(planOf(interpreted));
  const fallback = ranked.length === 0 ? withoutAppliedFilters(interpreted) : null;
  if (fallback) ({ query, ids: ranked } = await rank(planOf(fallback)));
  const [titles, people, genres] = await Promise.all([
    cards(source, ranked.slice(0, limits.titles)),
    limits.people > 0 ? peopleNamed(source, query, ranked, limits.people) : [],
    limits.genres > 0 && parsed.text.length >= 2 ? genresNamed(source, parsed, limits.genres) : [],
  ]);
  return { titles, people, genres };
}

/** Whether every query word (a form of it, or a correction) is a word of this normalised text, the last possibly only its start. */
function holdsEveryWord(query: Expanded, normalized: string): boolean {
  const words = normalized.split(" ");
  return query.groups.every((g) => formsOf(g).some((f) => words.some((w) => w === f.word || (f.prefix && w.startsWith(f.word)))));
}

async function peopleNamed(source: CatalogueSource, query: Expanded, rankedTitles: number[], limit: number): Promise<PersonSuggestion[]> {
  if (rankedTitles.length === 0) return [];
  return peopleIn(await source.credits(rankedTitles), query, rankedTitles, limit);
}

type Credit = Awaited<ReturnType<CatalogueSource["credits"]>>[number];

function peopleIn(credits: Credit[], query: Expanded, rankedTitles: number[], limit: number): PersonSuggestion[] {
  const rank = new Map(rankedTitles.map((id, i) => [id, i]));
  const people = new Map<string, PersonSuggestion & { best: number; seen: Set<number> }>();
  for (const c of credits) {
    const key = normalizeText(c.name);
    if (!key || !holdsEveryWord(query, key)) continue;
    const person = people.get(key) ?? { name: c.name.trim(), role: c.role, titles: 0, best: Infinity, seen: new Set<number>() };
    if (c.role === "director") person.role = "director";
    person.seen.add(c.title_id);
    person.best = Math.min(person.best, rank.get(c.title_id) ?? Infinity);
    people.set(key, person);
  }
  return [...people.values()]
    .sort((a, b) => b.seen.size - a.seen.size || a.best - b.best || (a.name < b.name ? -1 : 1))
    .slice(0, limit)
    .map(({ name, role, seen }) => ({ name, role, titles: seen.size }));
}

/** People the results page names in its People group. */
const RESULT_PEOPLE = 3;

/**
 * Why each result matched when its title alone does not say: the credited name
 * holding most of the query words its title (and year) lack, directors first
 * ("general keaton" finds The General "with Buster Keaton"). Plus the People group:
 * those credited on the page whose names hold every word. One read of the page's credits.
 */
async function explained(
  source: CatalogueSource,
  query: Expanded,
  items: TitleCard[],
): Promise<{ hits: SearchHit[]; people: PersonSuggestion[] }> {
  if (items.length === 0) return { hits: [], people: [] };
  const ids = items.map((c) => c.id);
  const credits = await source.credits(ids);
  const holds = (words: string[], g: Group) =>
    formsOf(g).some((f) => words.some((w) => w === f.word || (f.prefix && w.startsWith(f.word))));
  const hits = items.map((card) => {
    const own = normalizeText(`${card.title} ${card.year ?? ""}`).split(" ");
    const missing = query.groups.filter((g) => !holds(own, g));
    let best: { name: string; covered: number; director: boolean } | null = null;
    if (missing.length > 0)
      for (const c of credits) {
        if (c.title_id !== card.id) continue;
        const words = normalizeText(c.name).split(" ");
        const covered = missing.filter((g) => holds(words, g)).length;
        const director = c.role === "director";
        if (covered > 0 && (!best || covered > best.covered || (covered === best.covered && director && !best.director)))
          best = { name: c.name.trim(), covered, director };
      }
    return { ...card, matchedPerson: best?.name ?? null };
  });
  return { hits, people: peopleIn(credits, query, ids, RESULT_PEOPLE) };
}

/** Public genres whose name's words the query's words start (or, from the 4th letter, nearly start: one typo). */
async function genresNamed(source: CatalogueSource, query: Query, limit: number): Promise<Genre[]> {
  const near = (token: string, word: string, last: boolean) => {
    if (word === token || (last && word.startsWith(token))) return true;
    const budget = typoBudget(token);
    if (budget === 0) return false;
    return editDistance(token, last ? word.slice(0, token.length) : word, budget) <= budget;
  };
  const genres = (await source.genres()).filter((g) => !g.hidden).map(({ id, name, slug }) => ({ id, name, slug }));
  return genres
    .filter((g) => {
      const words = normalizeText(g.name).split(" ");
      return query.tokens.every((t, i) => words.some((w) => near(t, w, i === query.tokens.length - 1)));
    })
    .slice(0, limit);
}
