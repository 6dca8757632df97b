import type { Db } from "#app/db/client.server.ts";
import { EXPORT_FORMAT_NAME, EXPORT_FORMAT_VERSION } from "./import-constants.ts";
import { getTitle } from "./read.server.ts";
import type { TitleInput } from "./schema.ts";
import type { TitleDetail } from "./types.ts";

/**
 * The catalogue as one JSON document (docs/import-format.md): every title with its
 * whole download tree, disabled links included, and the genre list. Row ids are left
 * out (they belong to this database); an import recognises titles by TMDB id, IMDb id
 * or, for a title without ids, the slug it gives, so export → import into an empty
 * database gives the same catalogue.
 */

export interface CatalogueExport {
  format: typeof EXPORT_FORMAT_NAME;
  version: typeof EXPORT_FORMAT_VERSION;
  exportedAt: string;
  genres: string[];
  titles: TitleInput[];
}

/** A stored title as import (and editor) input, without row ids. */
export function titleToInput(t: TitleDetail): TitleInput {
  return {
    type: t.type,
    title: t.title,
    slug: t.slug,
    originalTitle: t.originalTitle,
    tmdbId: t.tmdbId,
    imdbId: t.imdbId,
    overview: t.overview,
    tagline: t.tagline,
    storyline: t.storyline,
    releaseDate: t.releaseDate,
    runtimeMinutes: t.runtimeMinutes,
    rating: t.rating,
    tmdbPopularity: t.tmdbPopularity,
    tmdbVoteAverage: t.tmdbVoteAverage,
    tmdbVoteCount: t.tmdbVoteCount,
    adult: t.adult,
    language: t.language,
    posterUrl: t.posterUrl,
    backgroundUrl: t.backgroundUrl,
    trailerUrl: t.trailerUrl,
    fileFormat: t.fileFormat,
    featured: t.featured,
    featuredOrder: t.featuredOrder,
    uploadedAt: t.uploadedAt,
    genres: t.genres.map((g) => g.name),
    directors: t.directors,
    cast: t.cast,
    subtitles: t.subtitles,
    screenshots: t.screenshots.map((s) => s.url),
    releases: t.releases.map((r) => ({
      quality: r.quality,
      season: r.season,
      files: r.files.map((f) => ({
        title: f.title,
        size: f.size,
        links: f.links.map((l) => ({ label: l.label, url: l.url, status: l.status })),
      })),
      zipLinks: r.zipLinks.map((l) => ({ label: l.label, url: l.url, size: l.size, status: l.status })),
    })),
  };
}

const PAGE = 500;

/** Every title, oldest first, a page of ids at a time (the document is built in memory: catalogues are thousands of titles, not millions). */
export async function exportCatalogue(
  db: Db,
  options: { onProgress?: (done: number, total: number) => void } = {},
): Promise<CatalogueExport> {
  const genres = await db.selectFrom("genres").select("name").orderBy("position").orderBy("id").execute();
  const ids = (await db.selectFrom("titles").select("id").orderBy("id").execute()).map((r) => r.id);
  const titles: TitleInput[] = [];
  for (let start = 0; start < ids.length; start += PAGE) {
    for (const id of ids.slice(start, start + PAGE)) {
      const title = await getTitle(db, id, { includeDisabled: true });
      if (title) titles.push(titleToInput(title));
    }
    options.onProgress?.(Math.min(start + PAGE, ids.length), ids.length);
  }
  return {
    format: EXPORT_FORMAT_NAME,
    version: EXPORT_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    genres: genres.map((g) => g.name),
    titles,
  };
}

/** The export as file text: one title a line, so a diff of two exports reads title by title. */
export function exportText(doc: CatalogueExport): string {
  const { titles, ...head } = doc;
  const body = titles.map((t) => `    ${JSON.stringify(t)}`).join(",\n");
  const headText = JSON.stringify(head, null, 2).replace(/\n}$/, "");
  return `${headText},\n  "titles": [\n${body}\n  ]\n}\n`;
}
