import { TitleHeaderBackdrop, TitleHeaderPoster } from "#app/components/catalogue/poster.tsx";
import { RequestTitleButton } from "#app/components/catalogue/request-title-button.tsx";
import { RESPONSE_TIMES } from "#app/constants.ts";
import { certification } from "#app/modules/catalogue/display.ts";
import type { ExternalTitle } from "#app/integrations/tmdb/types.ts";
import { formatReleaseDate, formatRuntime } from "#app/utils/dates.ts";

/** A title only TMDB knows: its details, and "Request this title" where the download list would be. */
export function ExternalTitlePage({ title }: { title: ExternalTitle }) {
  const facts = [title.releaseDate && formatReleaseDate(title.releaseDate), formatRuntime(title.runtimeMinutes), title.language].filter(
    (f): f is string => Boolean(f),
  );
  return (
    <article>
      <header className="relative -mt-6 pt-10 pb-10">
        <TitleHeaderBackdrop title={title} />
        <div className="flex flex-col gap-8 sm:flex-row">
          <TitleHeaderPoster title={title} />
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
              {title.type === "tv" ? "TV series" : "Movie"} · Not on Cinedex yet
            </p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-white sm:text-4xl">
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
            {title.genres.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Genres">
                {title.genres.map((g) => (
                  <li key={g} className="rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-mist-100">
                    {g}
                  </li>
                ))}
              </ul>
            )}
            {title.tagline && <p className="mt-5 font-display text-lg text-mist-300 italic">{title.tagline}</p>}
            {title.overview && <p className="mt-3 max-w-3xl leading-relaxed text-mist-100">{title.overview}</p>}
            <dl className="mt-5 grid max-w-3xl gap-x-4 gap-y-2 text-sm sm:grid-cols-[7rem_1fr]">
              {title.directors.length > 0 && (
                <>
                  <dt className="text-mist-400">
                    {title.type === "tv" ? "Created by" : `Director${title.directors.length > 1 ? "s" : ""}`}
                  </dt>
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
      <section aria-labelledby="request-heading" className="mt-4 rounded-xl bg-ink-800 p-6 ring-1 ring-white/5">
        <h2 id="request-heading" className="text-xl font-bold text-white">
          Downloads
        </h2>
        <p className="mt-2 text-mist-300">
          This title is not on Cinedex yet. Ask for it and we will try to add it; requests usually take {RESPONSE_TIMES.request}.
        </p>
        <RequestTitleButton item={title} label="Request this title" className="mt-4" />
        <p className="mt-4 text-xs text-mist-400">
          Details from TMDB. This product uses the TMDB API but is not endorsed or certified by TMDB.
        </p>
      </section>
    </article>
  );
}
