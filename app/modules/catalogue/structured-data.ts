import type { TitleDetail } from "./types.ts";

type JsonLd = Record<string, unknown>;

/**
 * schema.org data for a title page: a Movie, or a TVSeries with its seasons and
 * episodes (a season offered in several qualities is listed once).
 */
export function titleStructuredData(title: TitleDetail, pageUrl: string): JsonLd {
  const common: JsonLd = {
    "@context": "https://schema.org",
    name: title.title,
    url: pageUrl,
    ...(title.originalTitle && title.originalTitle !== title.title ? { alternateName: title.originalTitle } : {}),
    ...(title.overview ? { description: title.overview } : {}),
    ...(title.posterUrl ? { image: title.posterUrl } : {}),
    ...(title.genres.length ? { genre: title.genres.map((g) => g.name) } : {}),
    ...(title.language ? { inLanguage: title.language } : {}),
    ...(title.directors.length ? { director: title.directors.map((name) => ({ "@type": "Person", name })) } : {}),
    ...(title.cast.length ? { actor: title.cast.map((c) => ({ "@type": "Person", name: c.name })) } : {}),
    ...(title.trailerUrl ? { trailer: { "@type": "VideoObject", name: `${title.title} trailer`, embedUrl: title.trailerUrl } } : {}),
  };
  if (title.type === "movie") {
    return {
      "@type": "Movie",
      ...common,
      ...(title.releaseDate ? { datePublished: title.releaseDate } : {}),
      ...(title.runtimeMinutes ? { duration: `PT${title.runtimeMinutes}M` } : {}),
    };
  }
  const seasons = new Map<string, Set<string>>();
  for (const release of title.releases) {
    const name = release.season ?? "Episodes";
    const episodes = seasons.get(name) ?? new Set<string>();
    release.files.forEach((f) => episodes.add(f.title));
    seasons.set(name, episodes);
  }
  return {
    "@type": "TVSeries",
    ...common,
    ...(title.releaseDate ? { startDate: title.releaseDate } : {}),
    numberOfSeasons: seasons.size,
    containsSeason: [...seasons].map(([name, episodes]) => {
      const number = /(\d+)/.exec(name)?.[1];
      return {
        "@type": "TVSeason",
        name,
        ...(number ? { seasonNumber: Number(number) } : {}),
        numberOfEpisodes: episodes.size,
        episode: [...episodes].map((episodeName, i) => ({ "@type": "TVEpisode", name: episodeName, episodeNumber: i + 1 })),
      };
    }),
  };
}
