/** Import and export limits and names the browser may see too (the server-only parsing is in import-format.server.ts). */

export const IMPORT_FORMATS = ["json", "csv", "ids"] as const;
export type ImportFileFormat = (typeof IMPORT_FORMATS)[number];

/** The admin Import screen, whose uploads may exceed the usual body limit (server/app.ts). */
export const IMPORT_PATH = "/dashboard/import";

export const EXPORT_FORMAT_NAME = "cinedex-catalogue";
export const EXPORT_FORMAT_VERSION = 1;

/** An id list is fetched from TMDB one id at a time; longer lists go in several files. */
export const MAX_ID_LINES = 1_000;
/** More titles than this in one file is almost certainly a mistake (the benchmark imports 10,000). */
export const MAX_IMPORT_TITLES = 50_000;
/** Reporting stops here: after this many, the file needs fixing as a whole. */
export const MAX_REPORTED_ERRORS = 1_000;

/**
 * What a possible duplicate (a catalogue title of the same name, with no id on either
 * side to tell them apart) is, as the operator says: that title (update) or a new one (add).
 */
export const DUPLICATES_AS = ["update", "add"] as const;
export type DuplicatesAs = (typeof DUPLICATES_AS)[number];
