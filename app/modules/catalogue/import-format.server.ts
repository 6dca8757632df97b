import { Readable } from "node:stream";
import { parse as parseCsvStream } from "csv-parse";
import { safeParseInput, storableText, z } from "#app/utils/zod.ts";
import { parseLookup } from "#app/integrations/tmdb/ids.ts";
import type { ExternalType } from "#app/integrations/tmdb/types.ts";
import { AppError } from "#app/utils/errors.ts";
import { slugify } from "#app/utils/slug.ts";
import { GENRE_NAME_MAX } from "./genres.ts";
import { titleInputSchema, type ParsedTitleInput } from "./schema.ts";
import type { TitleType } from "./types.ts";
import { MAX_ID_LINES, MAX_IMPORT_TITLES, type ImportFileFormat } from "./import-constants.ts";

/**
 * Reading catalogue files (docs/import-format.md): JSON (the export format), CSV
 * with one row per link, or a list of TMDB / IMDb ids. Pure: no database, no TMDB.
 * Every problem is reported with the line it is on and the field it is about.
 */

export interface RowError {
  /** 1-based line of the file; null when the problem is the file as a whole. */
  line: number | null;
  /** Column (CSV), property path (JSON) or "id" (id lists). */
  field: string;
  message: string;
}

/** Title fields an import can set, by their input names. */
export type TitleField = keyof ParsedTitleInput;

/** One validated title of a JSON or CSV file. */
export interface ImportTitle {
  line: number;
  data: ParsedTitleInput;
  /**
   * The fields the file gives. A title already in the catalogue keeps its value of
   * every other field (a CSV has no cast column, a JSON title may omit its slug).
   */
  provided: TitleField[];
}

/** One line of an id list, before TMDB is asked about it. */
export interface IdLine {
  line: number;
  lookup: { kind: "tmdb"; id: number; type: ExternalType } | { kind: "imdb"; id: string };
}

export const TOO_MANY_TITLES = `A file holds at most ${MAX_IMPORT_TITLES.toLocaleString("en-US")} titles.`;

export type ParsedImport =
  | { format: "json" | "csv"; titles: ImportTitle[]; errors: RowError[]; genres: string[] }
  | { format: "ids"; ids: IdLine[]; errors: RowError[] };

/** The format a file name suggests; null when it says nothing. */
export function formatFromName(name: string): ImportFileFormat | null {
  const ext = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === "json") return "json";
  if (ext === "csv") return "csv";
  if (ext === "txt" || ext === "ids") return "ids";
  return null;
}

/** The format of a file: as asked, else from its name, else from its first character. */
export function detectFormat(text: string, name: string, asked?: ImportFileFormat | null): ImportFileFormat {
  if (asked) return asked;
  const byName = formatFromName(name);
  if (byName) return byName;
  const first = text.replace(/^\uFEFF/, "").trimStart()[0];
  if (first === "{" || first === "[") return "json";
  return /^[^\n]*,/.test(text) ? "csv" : "ids";
}

/** A file as its text, or as a stream of its bytes (the command line reads a file so: a CSV is never held whole). */
export type ImportSource = string | AsyncIterable<Buffer | string>;

async function readAll(source: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

export async function parseImportFile(source: ImportSource, format: ImportFileFormat): Promise<ParsedImport> {
  // A CSV is parsed as it streams in, row by row; JSON and id lists are read whole.
  if (format === "csv") return { format, genres: [], ...(await parseCsvFile(source)) };
  const body = (typeof source === "string" ? source : await readAll(source)).replace(/^\uFEFF/, "");
  if (format === "json") return { format, ...parseJsonFile(body) };
  return { format, ...parseIdList(body) };
}

// ---------------------------------------------------------------------------
// Keys: how a title in a file is recognised in the catalogue and in the file

/**
 * The keys a title is the same title by (ADR 032): its TMDB id (with its type), its
 * IMDb id and, for a title with neither, the slug the file gives it. A name, or a
 * slug made from it, is not one: remakes and namesakes share names.
 */
export function titleKeys(data: { type: TitleType; tmdbId: number | null; imdbId: string | null; slug: string | null }) {
  const keys: string[] = [];
  if (data.tmdbId !== null) keys.push(`tmdb:${data.type}:${data.tmdbId}`);
  if (data.imdbId !== null) keys.push(`imdb:${data.imdbId}`);
  if (keys.length === 0 && data.slug !== null) keys.push(`slug:${data.type}/${data.slug}`);
  return keys;
}

/**
 * Adds a title's keys to `seen`; a message about an earlier title with one of them,
 * if any. Slugs a file gives are unique within a type too: a title without ids is
 * known by its slug, so two titles with one slug would be one title on import.
 */
function duplicateOf(seen: Map<string, number>, data: ParsedTitleInput, line: number): string | null {
  const keys = titleKeys(data);
  for (const key of keys) {
    const earlier = seen.get(key);
    if (earlier !== undefined) return `The same title as on line ${earlier}`;
  }
  const slugKey = data.slug === null ? null : `given-slug:${data.type}/${data.slug}`;
  const sameSlug = slugKey === null ? undefined : seen.get(slugKey);
  if (sameSlug !== undefined) return `The same slug as the title on line ${sameSlug}`;
  for (const key of keys) seen.set(key, line);
  if (slugKey !== null) seen.set(slugKey, line);
  return null;
}

/**
 * A file's bytes as text: UTF-8, strictly. A byte sequence that is not UTF-8 is
 * refused with its line rather than read as U+FFFD, which would be stored silently.
 */
export function decodeImportFile(bytes: Uint8Array): { text: string; errors: RowError[] } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), errors: [] };
  } catch {
    // The first bad byte: the longest prefix that decodes ends just before it.
    let low = 0;
    let high = bytes.length;
    const decodes = (n: number) => {
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, n), { stream: true });
        return true;
      } catch {
        return false;
      }
    };
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (decodes(mid)) low = mid;
      else high = mid - 1;
    }
    let line = 1;
    for (let i = 0; i < low; i++) if (bytes[i] === 0x0a) line++;
    return { text: "", errors: [{ line, field: "file", message: "This line is not UTF-8 text; save the file as UTF-8." }] };
  }
}

/** An uploaded file's bytes as text; not UTF-8 is refused (400) with its line, as the command line does. */
export function decodeUpload(bytes: Uint8Array): string {
  const { text, errors } = decodeImportFile(bytes);
  const bad = errors[0];
  if (!bad) return text;
  const message = `line ${bad.line}: ${bad.message}`;
  throw new AppError(400, message, { fields: { file: [message] } });
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

// ---------------------------------------------------------------------------
// JSON

/** The line each element of the titles array starts on (the array is the root, or the root object's "titles"). */
export function titleStartLines(text: string): number[] {
  const lines: number[] = [];
  const stack: boolean[] = [];
  let line = 1;
  let prev = "";
  let lastString = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") continue;
    if (stack.at(-1) === true && (prev === "[" || prev === ",")) lines.push(line);
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      lastString = text.slice(i + 1, j);
      i = j;
      prev = '"';
      continue;
    }
    if (c === "{") stack.push(false);
    else if (c === "[") stack.push(stack.length === 0 || (stack.length === 1 && prev === ":" && lastString === "titles"));
    else if (c === "}" || c === "]") stack.pop();
    prev = c;
  }
  return lines;
}

function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text[i] === "\n") line++;
  return line;
}

/** Row ids belong to the database a file came from; an import matches rows by content instead. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== "id")
        .map(([k, v]) => [k, withoutIds(v)]),
    );
  }
  return value;
}

const TITLE_FIELDS = new Set<string>(Object.keys(titleInputSchema.shape));

/** The catalogue's genre list: no cap of its own (every export re-imports); each name as the editor takes it. */
const genreListSchema = z.array(storableText(GENRE_NAME_MAX).min(1, "Enter the genre's name"));

function parseJsonFile(text: string): { titles: ImportTitle[]; errors: RowError[]; genres: string[] } {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const line = position === undefined ? null : lineAt(text, Number(position));
    return { titles: [], genres: [], errors: [{ line, field: "file", message: "This is not valid JSON." }] };
  }
  const list = Array.isArray(root) ? root : root && typeof root === "object" ? (root as Record<string, unknown>).titles : undefined;
  if (!Array.isArray(list)) {
    return {
      titles: [],
      genres: [],
      errors: [{ line: 1, field: "titles", message: "Expected a list of titles, or an object with a “titles” list." }],
    };
  }
  if (list.length > MAX_IMPORT_TITLES) {
    return {
      titles: [],
      genres: [],
      errors: [{ line: 1, field: "titles", message: TOO_MANY_TITLES }],
    };
  }
  // The genre list (optional) brings genres no title uses yet, in their order.
  const genreList = Array.isArray(root)
    ? { success: true as const, data: [] }
    : safeParseInput(genreListSchema, (root as Record<string, unknown>).genres ?? []);
  const starts = titleStartLines(text);
  const titles: ImportTitle[] = [];
  const errors: RowError[] = [];
  if (!genreList.success) {
    for (const issue of genreList.error.issues) errors.push({ line: 1, field: `genres.${issuePath(issue.path)}`, message: issue.message });
  }
  const seen = new Map<string, number>();
  list.forEach((raw, index) => {
    const line = starts[index] ?? 1;
    const where = `titles[${index}]`;
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
      errors.push({ line, field: where, message: "Expected a title object." });
      return;
    }
    const parsed = safeParseInput(titleInputSchema, withoutIds(raw));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ line, field: `${where}.${issuePath(issue.path)}`.replace(/\.$/, ""), message: issue.message });
      }
      return;
    }
    const duplicate = duplicateOf(seen, parsed.data, line);
    if (duplicate !== null) {
      errors.push({ line, field: where, message: `${duplicate}.` });
      return;
    }
    const provided = Object.keys(raw).filter((k) => TITLE_FIELDS.has(k)) as TitleField[];
    titles.push({ line, data: parsed.data, provided });
  });
  return { titles, errors, genres: genreList.success ? genreList.data : [] };
}

// ---------------------------------------------------------------------------
// CSV: one row per link; titles, releases and files are grouped by key columns

/** Title columns and the field each sets. */
const CSV_TITLE_COLUMNS = {
  type: "type",
  title: "title",
  slug: "slug",
  original_title: "originalTitle",
  tmdb_id: "tmdbId",
  imdb_id: "imdbId",
  overview: "overview",
  tagline: "tagline",
  release_date: "releaseDate",
  runtime_minutes: "runtimeMinutes",
  rating: "rating",
  tmdb_popularity: "tmdbPopularity",
  tmdb_vote_average: "tmdbVoteAverage",
  tmdb_vote_count: "tmdbVoteCount",
  language: "language",
  poster_url: "posterUrl",
  background_url: "backgroundUrl",
  trailer_url: "trailerUrl",
  file_format: "fileFormat",
  uploaded_at: "uploadedAt",
  genres: "genres",
  directors: "directors",
  subtitles: "subtitles",
} as const satisfies Record<string, TitleField>;

type TitleColumn = keyof typeof CSV_TITLE_COLUMNS;
const TREE_COLUMNS = ["key", "quality", "season", "file_title", "file_size", "link_label", "link_url", "link_size", "link_status"] as const;
export const CSV_COLUMNS = [...TREE_COLUMNS.slice(0, 1), ...(Object.keys(CSV_TITLE_COLUMNS) as TitleColumn[]), ...TREE_COLUMNS.slice(1)];

const blankToNull = (v: string) => (v.trim() === "" ? null : v.trim());
const list = (v: string) =>
  v
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean);
const optionalNumber = (kind: "int" | "decimal") =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (t === "") return null;
    const n = Number(t);
    if (!Number.isFinite(n) || (kind === "int" && !Number.isInteger(n))) {
      ctx.addIssue({ code: "custom", message: kind === "int" ? "Must be a whole number" : "Must be a number" });
      return z.NEVER;
    }
    return n;
  });

/** One CSV row's cells, typed; a blank cell is null (the title's value comes from its first row). */
const csvRowSchema = z.object({
  key: z.string().transform(blankToNull),
  type: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(["", "movie", "tv"], { message: "Must be movie or tv" }))
    .transform((v) => (v === "" ? null : v)),
  title: z.string().transform(blankToNull),
  slug: z.string().transform(blankToNull),
  original_title: z.string().transform(blankToNull),
  tmdb_id: optionalNumber("int"),
  imdb_id: z.string().transform(blankToNull),
  overview: z.string().transform(blankToNull),
  tagline: z.string().transform(blankToNull),
  release_date: z.string().transform(blankToNull),
  runtime_minutes: optionalNumber("int"),
  rating: optionalNumber("decimal"),
  tmdb_popularity: optionalNumber("decimal"),
  tmdb_vote_average: optionalNumber("decimal"),
  tmdb_vote_count: optionalNumber("int"),
  language: z.string().transform(blankToNull),
  poster_url: z.string().transform(blankToNull),
  background_url: z.string().transform(blankToNull),
  trailer_url: z.string().transform(blankToNull),
  file_format: z.string().transform(blankToNull),
  uploaded_at: z.string().transform(blankToNull),
  genres: z.string().transform(list),
  directors: z.string().transform(list),
  subtitles: z.string().transform(list),
  quality: z.string().transform(blankToNull),
  season: z.string().transform(blankToNull),
  file_title: z.string().transform(blankToNull),
  file_size: z.string().transform(blankToNull),
  link_label: z.string().transform(blankToNull),
  link_url: z.string().transform(blankToNull),
  link_size: z.string().transform(blankToNull),
  link_status: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(["", "ok", "broken", "disabled"], { message: "Must be ok, broken or disabled" }))
    .transform((v) => (v === "" ? "ok" : v)),
});
type CsvRow = z.output<typeof csvRowSchema>;

interface LinkSource {
  line: number;
  label: string | null;
  url: string;
  size: string | null;
  status: "ok" | "broken" | "disabled";
}
interface FileGroup {
  line: number;
  title: string;
  size: string | null;
  links: LinkSource[];
}
interface ReleaseGroup {
  line: number;
  quality: string;
  season: string | null;
  files: FileGroup[];
  zipLinks: LinkSource[];
}
interface TitleGroup {
  line: number;
  /** The title's first row: its title columns. */
  row: CsvRow;
  releases: ReleaseGroup[];
}

/**
 * The columns a row's title is known by, read as the full row schema reads them. A row
 * with an error in another column is still counted: only a file with errors can then
 * count more titles than parseCsvFile does, so a legal file is never refused.
 */
const KEY_COLUMNS = ["key", "type", "title", "slug", "tmdb_id", "imdb_id"] as const;
const csvKeySchema = csvRowSchema.pick(Object.fromEntries(KEY_COLUMNS.map((c) => [c, true])) as Record<(typeof KEY_COLUMNS)[number], true>);
type CsvKeyRow = z.output<typeof csvKeySchema>;

function groupKey(row: CsvKeyRow): string | null {
  if (row.key) return `key:${row.key}`;
  if (!row.type) return null;
  if (row.tmdb_id !== null) return `tmdb:${row.type}:${row.tmdb_id}`;
  if (row.imdb_id) return `imdb:${row.imdb_id}`;
  if (row.slug || row.title) return `slug:${row.type}/${slugify(row.slug ?? row.title!)}`;
  return null;
}

/**
 * The title a valid row belongs to (its group key), or null when it belongs to none:
 * a row without a key of its own, or the first row of a title without a type and a
 * name. The one rule by which both parseCsvFile and countCsvTitles count titles.
 */
function titleOfRow(row: CsvKeyRow, known: (key: string) => boolean): string | null {
  const key = groupKey(row);
  if (key === null) return null;
  return known(key) || (row.type && row.title) ? key : null;
}

const csvHeader = (names: string[]) => names.map((n) => n.trim().toLowerCase());

/** The CSV reader's options, the same for the count and the parse. */
const csvOptions = (columns: ((names: string[]) => string[]) | false) => ({
  columns,
  info: true,
  bom: true,
  skip_empty_lines: true,
  relax_column_count_less: true,
  trim: false,
});

/**
 * Whether a CSV holds more than MAX_IMPORT_TITLES titles, counted as parseCsvFile
 * counts them, keeping only the titles' keys (parseCsvFile keeps every title's rows
 * until it reaches the limit: 559 MB for a 60 MB file). For a source that can be read
 * twice (the command line's file): an oversized file is refused before the real parse.
 * Any other problem (bad CSV, bad bytes, bad rows) is left to parseCsvFile to report.
 */
export async function csvHasTooManyTitles(source: AsyncIterable<Buffer | string>): Promise<boolean> {
  // Rows as arrays, not objects of every column: only the key columns are read.
  const parser = parseCsvStream(csvOptions(false));
  const input = Readable.from(source);
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  const keys = new Set<string>();
  let at: number[] | null = null;
  try {
    for await (const { record } of parser as AsyncIterable<{ record: string[] }>) {
      if (at === null) {
        const header = csvHeader(record);
        at = KEY_COLUMNS.map((c) => header.indexOf(c));
        continue;
      }
      const cells = Object.fromEntries(KEY_COLUMNS.map((c, i) => [c, record[at![i]!] ?? ""]));
      const parsed = safeParseInput(csvKeySchema, cells);
      if (!parsed.success) continue;
      const key = titleOfRow(parsed.data, (k) => keys.has(k));
      if (key === null || keys.has(key)) continue;
      if (keys.size >= MAX_IMPORT_TITLES) return true;
      keys.add(key);
    }
    return false;
  } catch {
    return false;
  } finally {
    input.unpipe(parser);
    input.destroy();
    parser.destroy();
  }
}

/**
 * A CSV's bytes on their way to the parser: checked to be UTF-8 (a bad byte is
 * refused with its line, as decodeImportFile does for a whole file), and the offsets
 * of their line feeds kept until the records before them are read, for lineOf.
 */
class CsvBytes {
  encodingError: RowError | null = null;
  private feedsAt: number[] = [];
  private next = 0;
  private feeds = 0;
  private lastFeed = -1;
  private offset = 0;

  async *checked(source: Iterable<Buffer | string> | AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
    let carry: Buffer = Buffer.alloc(0);
    let first = true;
    let seenFeeds = 0; // line feeds passed on so far, for the line of a bad byte
    for await (const chunk of source) {
      let data: Buffer = Buffer.concat([carry, typeof chunk === "string" ? Buffer.from(chunk) : chunk]);
      if (first && data.length >= 3) {
        first = false;
        if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) data = data.subarray(3);
      }
      // Hold back a character cut at the chunk's end; it is checked with the next chunk.
      const end = completeUpTo(data);
      carry = data.subarray(end);
      const whole = data.subarray(0, end);
      const bad = decodeImportFile(whole).errors[0];
      if (bad) throw this.refuse(seenFeeds + (bad.line ?? 1));
      for (let i = whole.indexOf(0x0a); i !== -1; i = whole.indexOf(0x0a, i + 1)) {
        this.feedsAt.push(this.offset + i);
        seenFeeds++;
      }
      this.offset += whole.length;
      yield whole;
    }
    if (carry.length && decodeImportFile(carry).errors.length) throw this.refuse(seenFeeds + 1);
    if (carry.length) yield carry;
  }

  private refuse(line: number): Error {
    this.encodingError = { line, field: "file", message: "This line is not UTF-8 text; save the file as UTF-8." };
    return new Error(this.encodingError.message);
  }

  /**
   * The line a record starts on, counting line feeds only: csv-parse also counts a
   * bare CR inside a quoted field as a line, so its numbers drift from what an editor
   * shows. `end` is the byte offset after the record (and its own line feed, if any).
   */
  lineOf(record: Record<string, string>, end: number): number {
    while (this.next < this.feedsAt.length && this.feedsAt[this.next]! < end) {
      this.lastFeed = this.feedsAt[this.next]!;
      this.feeds++;
      this.next++;
    }
    if (this.next > 4096) {
      this.feedsAt.splice(0, this.next);
      this.next = 0;
    }
    const inside = Object.values(record).reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
    const own = this.lastFeed === end - 1 ? 1 : 0;
    return this.feeds + 1 - own - inside;
  }
}

/** How many of the bytes end on a whole UTF-8 character (a cut one's lead byte starts the rest). */
function completeUpTo(data: Buffer): number {
  for (let back = 1; back <= Math.min(3, data.length); back++) {
    const byte = data[data.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return size > back ? data.length - back : data.length;
  }
  return data.length;
}

/**
 * Reads the rows as they stream in (the file's text is never held whole, nor its
 * rows: each row is folded into its title's group at once), and stops at the first
 * title past MAX_IMPORT_TITLES, so an oversized file is refused with little memory.
 */
async function parseCsvFile(source: ImportSource): Promise<{ titles: ImportTitle[]; errors: RowError[] }> {
  let header: string[] = [];
  const parser = parseCsvStream(csvOptions((names) => (header = csvHeader(names))));
  const bytes = new CsvBytes();
  const input = Readable.from(bytes.checked(typeof source === "string" ? [source] : source));
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);
  const stop = () => {
    input.unpipe(parser);
    input.destroy();
    parser.destroy();
  };
  const errors: RowError[] = [];
  const headerErrors = (): RowError[] => {
    const found: RowError[] = [];
    const unknown = header.filter((h) => !(CSV_COLUMNS as string[]).includes(h));
    if (unknown.length)
      found.push({ line: 1, field: unknown.join(", "), message: `Unknown column; the columns are ${CSV_COLUMNS.join(", ")}.` });
    for (const required of ["type", "title"]) {
      if (!header.includes(required)) found.push({ line: 1, field: required, message: "This column is required." });
    }
    return found;
  };
  const tooMany = { line: null, field: "file", message: TOO_MANY_TITLES };

  const groups = new Map<string, TitleGroup>();
  let checked = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { bytes: number } }>) {
      if (!checked) {
        checked = true;
        const found = headerErrors();
        if (found.length) {
          stop();
          return { titles: [], errors: found };
        }
      }
      const line = bytes.lineOf(record, info.bytes);
      const cells = Object.fromEntries(CSV_COLUMNS.map((c) => [c, record[c] ?? ""]));
      const parsed = safeParseInput(csvRowSchema, cells);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors.push({ line, field: issuePath(issue.path), message: issue.message });
        continue;
      }
      const row = parsed.data;
      const key = titleOfRow(row, (k) => groups.has(k));
      if (key === null) {
        errors.push({ line, field: row.type ? "title" : "type", message: row.type ? "Title is required" : "Must be movie or tv" });
        continue;
      }
      let group = groups.get(key);
      if (!group) {
        if (groups.size >= MAX_IMPORT_TITLES) {
          stop();
          return { titles: [], errors: [tooMany] };
        }
        group = { line, row, releases: [] };
        groups.set(key, group);
      } else {
        // Later rows of a title may repeat its columns or leave them blank, not contradict them.
        const first = group.row;
        for (const column of Object.keys(CSV_TITLE_COLUMNS) as TitleColumn[]) {
          const value = row[column];
          const given = Array.isArray(value) ? value.length > 0 : value !== null;
          if (given && JSON.stringify(value) !== JSON.stringify(first[column])) {
            errors.push({ line, field: column, message: `Differs from line ${group.line}, where this title starts.` });
          }
        }
      }
      addTreeRow(group, row, line, errors);
    }
  } catch (error) {
    stop();
    if (bytes.encodingError) return { titles: [], errors: [bytes.encodingError] };
    const e = error as { lines?: number; message: string };
    return {
      titles: [],
      errors: [{ line: e.lines ?? null, field: "file", message: `This is not valid CSV: ${e.message.replace(/^[^:]*: /, "")}` }],
    };
  }
  if (!checked) {
    const found = headerErrors();
    if (found.length) return { titles: [], errors: found };
  }

  const titles: ImportTitle[] = [];
  const seen = new Map<string, number>();
  const provided = [
    ...new Set([...header.filter((h): h is TitleColumn => h in CSV_TITLE_COLUMNS).map((h) => CSV_TITLE_COLUMNS[h]), "releases" as const]),
  ];
  for (const group of groups.values()) {
    const title = csvTitle(group, errors);
    if (!title) continue;
    const duplicate = duplicateOf(seen, title.data, group.line);
    if (duplicate !== null) {
      errors.push({ line: group.line, field: "key", message: `${duplicate}; give both rows the same key or fix the ids or slugs.` });
      continue;
    }
    titles.push({ ...title, provided });
  }
  return { titles, errors };
}

function addTreeRow(group: TitleGroup, row: CsvRow, line: number, errors: RowError[]) {
  const hasLink = row.link_url !== null || row.link_label !== null;
  if (row.quality === null) {
    if (hasLink || row.file_title !== null || row.season !== null) {
      errors.push({ line, field: "quality", message: "Enter the quality" });
    }
    return;
  }
  let release = group.releases.find((r) => r.quality === row.quality && r.season === row.season);
  if (!release) {
    release = { line, quality: row.quality, season: row.season, files: [], zipLinks: [] };
    group.releases.push(release);
  }
  const link = (): LinkSource => ({ line, label: row.link_label, url: row.link_url ?? "", size: row.link_size, status: row.link_status });
  if (row.file_title === null) {
    // A link without a file is the release's zip link.
    if (hasLink) release.zipLinks.push(link());
    return;
  }
  let file = release.files.find((f) => f.title === row.file_title);
  if (!file) {
    file = { line, title: row.file_title, size: row.file_size, links: [] };
    release.files.push(file);
  } else if (row.file_size !== null && row.file_size !== file.size) {
    errors.push({ line, field: "file_size", message: `Differs from line ${file.line}, where this file starts.` });
  }
  if (hasLink) file.links.push(link());
}

const FIELD_COLUMN = Object.fromEntries(Object.entries(CSV_TITLE_COLUMNS).map(([column, field]) => [field, column])) as Record<
  string,
  string
>;

/** Builds a title's tree from its rows and validates it; issues are mapped back to the row and column they came from. */
function csvTitle(group: TitleGroup, errors: RowError[]): Omit<ImportTitle, "provided"> | null {
  const r = group.row;
  const linkInput = (l: LinkSource) => ({ label: l.label ?? "", url: l.url, status: l.status });
  const input = {
    type: r.type,
    title: r.title,
    slug: r.slug,
    originalTitle: r.original_title,
    tmdbId: r.tmdb_id,
    imdbId: r.imdb_id,
    overview: r.overview,
    tagline: r.tagline,
    releaseDate: r.release_date,
    runtimeMinutes: r.runtime_minutes,
    rating: r.rating,
    tmdbPopularity: r.tmdb_popularity,
    tmdbVoteAverage: r.tmdb_vote_average,
    tmdbVoteCount: r.tmdb_vote_count,
    language: r.language,
    posterUrl: r.poster_url,
    backgroundUrl: r.background_url,
    trailerUrl: r.trailer_url,
    fileFormat: r.file_format ?? undefined,
    uploadedAt: r.uploaded_at,
    genres: r.genres,
    directors: r.directors,
    subtitles: r.subtitles,
    releases: group.releases.map((release) => ({
      quality: release.quality,
      season: release.season,
      files: release.files.map((f) => ({ title: f.title, size: f.size, links: f.links.map(linkInput) })),
      zipLinks: release.zipLinks.map((l) => ({ ...linkInput(l), size: l.size })),
    })),
  };
  const parsed = titleInputSchema.safeParse(input);
  if (parsed.success) return { line: group.line, data: parsed.data };
  for (const issue of parsed.error.issues) {
    const [top, ri, part, fi, , li, leaf] = issue.path as (string | number)[];
    let line = group.line;
    let field = FIELD_COLUMN[String(top)] ?? String(top);
    if (top === "releases" && typeof ri === "number") {
      const release = group.releases[ri]!;
      line = release.line;
      field = part === "season" ? "season" : "quality";
      if (part === "zipLinks" && typeof fi === "number") {
        const l = release.zipLinks[fi]!;
        line = l.line;
        field = `link_${String(issue.path[4] ?? "url")}`;
      } else if (part === "files" && typeof fi === "number") {
        const file = release.files[fi]!;
        line = file.line;
        field = issue.path[4] === "size" ? "file_size" : "file_title";
        if (issue.path[4] === "links" && typeof li === "number") {
          line = file.links[li]!.line;
          field = `link_${String(leaf ?? "url")}`;
        }
      }
    }
    errors.push({ line, field, message: issue.message });
  }
  return null;
}

// ---------------------------------------------------------------------------
// Id lists: one TMDB id, IMDb id or TMDB address a line; "tv:1399" for a TV show

function parseIdList(text: string): { ids: IdLine[]; errors: RowError[] } {
  const ids: IdLine[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  let count = 0;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const t = raw.trim();
    if (t === "" || t.startsWith("#")) return;
    count++;
    const typed = /^(movie|tv)\s*[:/]\s*(.+)$/i.exec(t);
    const found = parseLookup(typed ? typed[2]! : t);
    if (!found) {
      errors.push({ line, field: "id", message: "Enter a TMDB id (603, tv:1399), an IMDb id (tt0133093) or a TMDB address." });
      return;
    }
    const lookup: IdLine["lookup"] =
      found.kind === "imdb"
        ? found
        : { kind: "tmdb", id: found.id, type: (typed?.[1]?.toLowerCase() as ExternalType | undefined) ?? found.type ?? "movie" };
    const key = lookup.kind === "imdb" ? lookup.id : `${lookup.type}:${lookup.id}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({ line, field: "id", message: `The same id as on line ${earlier}.` });
      return;
    }
    seen.set(key, line);
    ids.push({ line, lookup });
  });
  if (count > MAX_ID_LINES) {
    return {
      ids: [],
      errors: [{ line: null, field: "file", message: `An id list holds at most ${MAX_ID_LINES.toLocaleString("en-US")} ids.` }],
    };
  }
  return { ids, errors };
}
