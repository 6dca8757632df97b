import { ADMIN_QUALITY_OPTIONS } from "#app/constants.ts";
import type { ExternalTitle } from "#app/integrations/tmdb/types.ts";
import { emptyLink, emptyZip, newRowKey, type EditorValues, type GroupRow } from "./admin-form.ts";

/**
 * How TMDB details land in the title editor: the Add screen's fetch fills every
 * field TMDB has a value for; the Edit modal's refresh lists the differences and
 * applies only the ticked ones. Runs in the browser (row keys are made there).
 */

export const FETCHED = "Movie details fetched successfully!";
/** The spec words the fetch for movies; a TV show's says what was fetched. */
export const FETCHED_TV = "TV show details fetched successfully!";
export const FETCH_FAILED = "Failed to fetch movie details";
export const FETCH_ERROR = "An error occurred while fetching movie details.";
export const TMDB_NOT_CONFIGURED = "TMDB is not configured on this site";
export const TMDB_NOT_CONFIGURED_HELP =
  "Set TMDB_API_KEY (a TMDB v3 API key) or TMDB_READ_TOKEN (a v4 read access token) in the server's environment and restart it; see the README.";

/** The editor fields TMDB can supply, with their labels in the refresh list. */
export const TMDB_FIELDS = {
  title: "Title",
  genres: "Genres",
  language: "Language",
  directors: "Directors",
  actors: "Actors",
  releaseDate: "Release date",
  rating: "Rating",
  runtime: "Runtime",
  overview: "Overview",
  tagline: "Tagline",
  adult: "Adult content",
  posterUrl: "Poster URL",
  backgroundUrl: "Background URL",
  trailerUrl: "Trailer URL",
} as const satisfies Partial<Record<keyof EditorValues, string>>;

export type TmdbField = keyof typeof TMDB_FIELDS;

/** TMDB's value of each field as the editor holds it; absent when TMDB has none. */
export function externalFieldValues(ext: ExternalTitle): Partial<Pick<EditorValues, TmdbField>> {
  const out: Partial<Pick<EditorValues, TmdbField>> = { title: ext.title, adult: ext.adult };
  const set = <K extends Exclude<TmdbField, "adult">>(key: K, value: string | null) => {
    if (value !== null && value !== "") out[key] = value;
  };
  set("genres", ext.genres.join(", "));
  set("language", ext.language);
  set("directors", ext.directors.join(", "));
  set("actors", ext.cast.map((c) => c.name).join(", "));
  set("releaseDate", ext.releaseDate);
  set("rating", ext.rating === null ? null : String(ext.rating));
  set("runtime", ext.runtimeMinutes === null ? null : String(ext.runtimeMinutes));
  set("overview", ext.overview);
  set("tagline", ext.tagline);
  set("posterUrl", ext.posterUrl);
  set("backgroundUrl", ext.backgroundUrl);
  set("trailerUrl", ext.trailerUrl);
  return out;
}

export interface FieldChange {
  field: TmdbField;
  label: string;
  current: string;
  next: string;
}

const shown = (value: string | boolean) => (typeof value === "boolean" ? (value ? "Yes" : "No") : value);

/** The fields where TMDB says something other than the form. */
export function externalChanges(values: EditorValues, ext: ExternalTitle): FieldChange[] {
  const next = externalFieldValues(ext);
  return (Object.keys(TMDB_FIELDS) as TmdbField[]).flatMap((field) => {
    const value = next[field];
    if (value === undefined) return [];
    const current = values[field];
    if (typeof current === "string" && typeof value === "string" ? current.trim() === value.trim() : current === value) return [];
    return [{ field, label: TMDB_FIELDS[field], current: shown(current), next: shown(value) }];
  });
}

/** The form with TMDB's value in each chosen field. */
export function applyExternalFields(values: EditorValues, ext: ExternalTitle, fields: Iterable<TmdbField>): EditorValues {
  const next = externalFieldValues(ext);
  const out = { ...values };
  for (const field of fields) {
    const value = next[field];
    if (value !== undefined) (out as Record<TmdbField, string | boolean>)[field] = value;
  }
  return out;
}

const groupIsBlank = (g: GroupRow) =>
  !g.quality.trim() &&
  !g.season.trim() &&
  g.files.every((f) => !f.title.trim() && !f.size.trim() && f.links.every((l) => !l.url.trim() && !l.label.trim())) &&
  g.zipLinks.every((z) => !z.url.trim() && !z.label.trim());

/** One download group per season, its episodes as file rows ready for links. */
export function seasonGroups(ext: ExternalTitle): GroupRow[] {
  return ext.seasons.map((season) => ({
    key: newRowKey(),
    quality: ADMIN_QUALITY_OPTIONS[3],
    season: `Season ${season.number}`,
    files: season.episodes.map((e) => ({ key: newRowKey(), title: `Episode ${e.number}: ${e.name}`, size: "", links: [emptyLink()] })),
    zipLinks: [emptyZip()],
  }));
}

/**
 * The Add screen's fetch: every field TMDB has a value for, the TMDB id itself
 * (the admin may have typed an IMDb id or an address), and for a TV show the
 * season groups, unless download rows were typed already.
 */
export function fillFromExternal(values: EditorValues, ext: ExternalTitle): EditorValues {
  const filled = applyExternalFields(values, ext, Object.keys(TMDB_FIELDS) as TmdbField[]);
  filled.tmdbId = String(ext.tmdbId);
  filled.imdbId = ext.imdbId ?? "";
  filled.noTmdb = false;
  if (ext.type === "tv" && ext.seasons.length > 0 && values.groups.every(groupIsBlank)) filled.groups = seasonGroups(ext);
  return filled;
}
