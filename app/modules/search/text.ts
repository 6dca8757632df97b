/**
 * Search text rules shared by both database implementations: what a word is,
 * how case and accents are folded, and pg_trgm's trigram similarity, computed
 * here the same way PostgreSQL does so both databases rank alike.
 */
import { documentTags } from "./tags.ts";

export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TOKENS = 8;
/** pg_trgm's default `similarity_threshold`; typo matches must reach it. */
export const SIMILARITY_THRESHOLD = 0.3;

/** Accents folded and lowercased; what every form of a text below starts from. */
function fold(text: string): string {
  return (
    text
      // A superscript is a word of its own: "Alien³" is "Alien 3".
      .replace(/[\u00b2\u00b3\u00b9\u2070-\u2079]+/g, " $&")
      // NFKD also turns superscripts and other compatibility forms into plain ones ("Alien³" → "Alien3").
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/ß/g, "ss")
      .replace(/æ/g, "ae")
      .replace(/œ/g, "oe")
      .replace(/ø/g, "o")
      .replace(/đ/g, "d")
      .replace(/ł/g, "l")
      .replace(/&/g, " and ")
  );
}

/** A hyphen, dot, slash or middle dot between two letters or digits. */
const COMPOUND = /([\p{L}\p{N}])[-.·‧・/](?=[\p{L}\p{N}])/gu;
const APOSTROPHES = /['’ʼ‘`´]/g;
/** English possessives and contractions ("Schindler's", "don't", "we're") lose the apostrophe; French elisions ("d'Amélie") split. */
const CONTRACTION = /['’ʼ‘`´](?=(?:s|t|d|m|re|ll|ve)(?![a-z0-9]))/g;

/** Lowercase ASCII letters and digits separated by single spaces: accents folded, everything else a separator. */
export function normalizeText(text: string): string {
  return fold(text)
    .replace(CONTRACTION, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const NUMBER_WORDS =
  "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split(
    " ",
  );
const ROMAN = "i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi xvii xviii xix xx".split(" ");
/** Words that stand for another in titles: numerals 1–20 as words or roman numerals, and common abbreviations. */
const CANONICAL = new Map<string, string>([
  ...NUMBER_WORDS.map((w, i) => [w, String(i + 1)] as const),
  ...ROMAN.map((w, i) => [w, String(i + 1)] as const),
  ["vol", "volume"],
  ["pt", "part"],
  ["ep", "episode"],
]);

/** The canonical form of a normalised word: "twelve", "xii" → "12"; others as they are. */
export const canonicalWord = (word: string): string => CANONICAL.get(word) ?? word;

/** Leading articles that do not count in comparing titles, English and common European ones. */
const ARTICLES = new Set("the a an le la les el los las il lo gli die der das den det het een ein eine un une uno una".split(" "));

/**
 * A title as compared with a query: normalised, numerals canonical, without a
 * leading article ("The Godfather: Part II" → "godfather part 2").
 */
export function titleKey(normalized: string): string {
  const words = normalized.split(" ").filter(Boolean).map(canonicalWord);
  if (words.length > 1 && ARTICLES.has(words[0]!)) words.shift();
  return words.join(" ");
}

/**
 * Other forms a text is found by, beside its normalised words: the canonical forms
 * of its numerals, words joined across hyphens, dots and "·" ("WALL·E" → "walle",
 * "X-Men" → "xmen"), a possessive's base word ("schindlers" → "schindler"),
 * camel-case names split ("DiCaprio" → "di caprio"), and names with a particle
 * joined ("Del Toro" → "deltoro").
 */
export function alternativeWords(titles: string[], names: string[]): string[] {
  const words = new Set<string>();
  for (const raw of [...titles, ...names]) {
    const normalized = normalizeText(raw);
    const own = new Set(normalized.split(" "));
    const add = (w: string) => {
      if (w && !own.has(w)) words.add(w);
    };
    for (const w of own) add(canonicalWord(w));
    const folded = fold(raw);
    for (const compound of folded.match(/[a-z0-9]+(?:[-.·‧・/][a-z0-9]+)+/g) ?? []) add(compound.replace(/[^a-z0-9]/g, ""));
    for (const w of folded.replace(APOSTROPHES, " ").split(/[^a-z0-9]+/)) add(w);
    for (const w of raw
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .matchAll(/\b(\p{Lu}\p{Ll}{0,2})(\p{Lu}\p{Ll}+)\b/gu))
      for (const part of [w[1]!, w[2]!]) add(normalizeText(part));
  }
  for (const name of names) {
    const list = normalizeText(name).split(" ");
    for (let i = 0; i + 1 < list.length; i++) if (PARTICLES.has(list[i]!)) words.add(list[i]! + list[i + 1]!);
  }
  return [...words];
}
const PARTICLES = new Set("de del della der di da du dos van von le la mc mac st".split(" "));

/** The query as searched: normalised, bounded in length, at most 8 distinct words. */
export function parseQuery(text: string): { text: string; tokens: string[] } | null {
  const normalized = normalizeText(text.slice(0, MAX_QUERY_LENGTH));
  if (!normalized) return null;
  const tokens = [...new Set(normalized.split(" "))].slice(0, MAX_QUERY_TOKENS);
  return { text: tokens.join(" "), tokens };
}

/** pg_trgm's trigrams of normalised text: each word padded with two spaces before and one after. */
export function trigrams(normalized: string): Set<string> {
  const set = new Set<string>();
  for (const word of normalized.split(" ")) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** pg_trgm's similarity(): shared trigrams over all distinct trigrams of both. */
export function similarity(a: string | Set<string>, b: string | Set<string>): number {
  const ta = typeof a === "string" ? trigrams(a) : a;
  const tb = typeof b === "string" ? trigrams(b) : b;
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** What a title is found by, in normalised form, with what results are filtered and ordered by. */
export interface SearchDocument {
  title: string;
  original: string;
  names: string;
  /** Other forms of the words of the title, original title and names (alternativeWords). */
  alt: string;
  /** "|title key|original title key|" (titleKey), what exact and leading matches compare with. */
  keys: string;
  year: string;
  /** The filter words (tags.ts documentTags): type, year spans, genres, release qualities. */
  tags: string;
  type: "movie" | "tv";
  uploadedAt: string;
  rating: number | null;
}

export function searchDocument(title: {
  title: string;
  originalTitle: string | null;
  releaseDate: string | null;
  names: string[];
  type: "movie" | "tv";
  genreIds: number[];
  /** The quality labels of its releases. */
  qualities: string[];
  uploadedAt: string;
  rating: number | null;
}): SearchDocument {
  const original = normalizeText(title.originalTitle ?? "");
  const main = normalizeText(title.title);
  const year = title.releaseDate?.slice(0, 4) ?? "";
  const keys = [titleKey(main), ...(original && original !== main ? [titleKey(original)] : [])];
  // "WALL·E" is also typed "walle", "Spider-Man" "spiderman".
  const joined = normalizeText(title.title.replace(COMPOUND, "$1"));
  if (joined !== main) keys.push(titleKey(joined));
  return {
    title: main,
    original: original === main ? "" : original,
    names: normalizeText(title.names.join(" ")),
    alt: alternativeWords([title.title, title.originalTitle ?? ""], title.names).join(" "),
    keys: `|${[...new Set(keys)].join("|")}|`,
    year,
    tags: documentTags({ type: title.type, year, genreIds: title.genreIds, qualities: title.qualities }),
    type: title.type,
    uploadedAt: title.uploadedAt,
    rating: title.rating,
  };
}

/** The year as a word of the index: only a whole 4-digit query word matches it (see queryGroups). */
export const yearWord = (year: string) => (year ? `y${year}` : "");

/** How many edits a query word may be from a word of the index: none below 4 letters, 1 up to 7, 2 beyond (as Meilisearch and Typesense). */
export function typoBudget(word: string): number {
  if (/\d/.test(word) || word.length < 4) return 0;
  return word.length <= 7 ? 1 : 2;
}

/** Words of the index that typo tolerance may reach: 3+ characters with a letter. */
export const isDictionaryWord = (word: string) => word.length >= 3 && word.length <= 40 && /[a-z]/.test(word);

/** The word with each one character left out. */
function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/**
 * The deletion keys a dictionary word is stored under (symmetric delete, as
 * SymSpell): itself and every form with one character left out.
 */
export const termKeys = (term: string): string[] => [...new Set([term, ...deletions(term)])];

/**
 * The keys to look a query word up by: itself and its one-character deletions,
 * and for a 2-edit budget its two-character deletions. A dictionary word within
 * one edit (transpositions included) always shares a key; within two edits, when
 * at least one of the edits is an extra or swapped letter of the query.
 */
export function queryKeys(word: string): string[] {
  const keys = new Set(termKeys(word));
  if (typoBudget(word) >= 2) for (const d of deletions(word)) for (const dd of deletions(d)) keys.add(dd);
  return [...keys];
}

/** Optimal string alignment distance (Damerau–Levenshtein where a transposition is one edit), or max + 1 once above max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, max + 1);
}
