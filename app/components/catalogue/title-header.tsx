import type { ReactNode } from "react";
import { Link } from "react-router";
import { TitleHeaderBackdrop, TitleHeaderPoster } from "#app/components/catalogue/poster.tsx";
import { certification } from "#app/modules/catalogue/display.ts";
import { formatReleaseDate, formatRuntime } from "#app/utils/dates.ts";

/** What a title page's header shows: a catalogue title and a title only TMDB knows alike. */
export interface HeaderDetails {
  type: "movie" | "tv";
  title: string;
  year: number | null;
  posterUrl: string | null;
  backgroundUrl: string | null;
  adult: boolean;
  rating: number | null;
  releaseDate: string | null;
  runtimeMinutes: number | null;
  language: string | null;
  tagline: string | null;
  overview: string | null;
  directors: string[];
  cast: { name: string; character: string | null }[];
}

export interface HeaderGenre {
  key: string | number;
  name: string;
  /** The genre's page; a genre the catalogue does not know is shown without a link. */
  to?: string;
}

/**
 * The header of a title page: backdrop, poster, type, name and year, the facts line,
 * genres, tagline, overview and credits, with the page's actions under them.
 */
export function TitleHeader({
  title,
  note,
  releaseRegion,
  genres,
  children,
}: {
  title: HeaderDetails;
  /** Said after the type, e.g. that the title is not on Cinedex yet. */
  note?: string;
  /** The region the release date is for, shown after it. */
  releaseRegion?: string;
  genres: HeaderGenre[];
  children?: ReactNode;
}) {
  const facts = [
    title.releaseDate && `${formatReleaseDate(title.releaseDate)}${releaseRegion ? ` (${releaseRegion})` : ""}`,
    formatRuntime(title.runtimeMinutes),
    title.language,
  ].filter((f): f is string => Boolean(f));
  const creditsLabel = title.type === "tv" ? "Created by" : `Director${title.directors.length > 1 ? "s" : ""}`;
  return (
    <header className="relative -mt-6 pt-6 pb-10 sm:pt-10">
      <TitleHeaderBackdrop title={title} />
      {/* A grid, not a flex row: a flex row stretched the poster to the text column's height (drawn at 1:2, cropping a 2:3 poster).
          On a phone the poster sits beside the name and the actions follow right under them, within the first screen. */}
      <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-5 sm:grid-cols-[14rem_minmax(0,1fr)] sm:grid-rows-[auto_auto_1fr] sm:gap-x-8">
        <TitleHeaderPoster title={title} />
        <div className="min-w-0 self-center sm:self-start">
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
            {title.type === "tv" ? "TV series" : "Movie"}
            {note && ` · ${note}`}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {title.title} {title.year && <span className="font-normal text-mist-400">({title.year})</span>}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-mist-300">
            <span className="rounded border border-white/25 px-1.5 text-xs font-bold">
              <span className="sr-only">Certification </span>
              {certification(title.adult)}
            </span>
            {facts.map((fact) => (
              <span key={fact}>{fact}</span>
            ))}
            {title.rating !== null && (
              <span className="font-semibold text-gold-400">
                <span aria-hidden="true">★ </span>
                {title.rating.toFixed(1)}
                <span className="sr-only"> out of 10</span>
              </span>
            )}
          </div>
        </div>
        {children && <div className="col-span-2 min-w-0 sm:col-span-1 sm:col-start-2">{children}</div>}
        <div className="col-span-2 min-w-0 sm:col-span-1 sm:col-start-2">
          {genres.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Genres">
              {genres.map((g) => (
                <li key={g.key}>
                  {g.to ? (
                    <Link
                      to={g.to}
                      className="inline-block rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-mist-100 transition-colors hover:bg-accent-500 hover:text-ink-950"
                    >
                      {g.name}
                    </Link>
                  ) : (
                    <span className="inline-block rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-mist-100">{g.name}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {title.tagline && <p className="mt-5 font-display text-lg text-mist-300 italic">{title.tagline}</p>}
          {title.overview && <p className="mt-3 max-w-3xl leading-relaxed text-mist-100">{title.overview}</p>}
          <dl className="mt-5 grid max-w-3xl gap-x-4 gap-y-2 text-sm sm:grid-cols-[7rem_1fr]">
            {title.directors.length > 0 && (
              <>
                <dt className="text-mist-400">{creditsLabel}</dt>
                <dd className="text-mist-100">{title.directors.join(", ")}</dd>
              </>
            )}
            {title.cast.length > 0 && (
              <>
                <dt className="text-mist-400">Cast</dt>
                <dd className="text-mist-100">
                  {title.cast.map((c, i) => (
                    <span key={`${c.name}-${i}`}>
                      {i > 0 && ", "}
                      {c.name}
                      {c.character && <span className="text-mist-400"> as {c.character}</span>}
                    </span>
                  ))}
                </dd>
              </>
            )}
          </dl>
        </div>
      </div>
    </header>
  );
}
