import { TitleHeader } from "#app/components/catalogue/title-header.tsx";
import { RequestTitleButton } from "#app/components/catalogue/request-title-button.tsx";
import { RESPONSE_TIMES } from "#app/constants.ts";
import type { ExternalTitle } from "#app/integrations/tmdb/types.ts";

/** A title only TMDB knows: its details, and "Request this title" where the download list would be. */
export function ExternalTitlePage({ title }: { title: ExternalTitle }) {
  return (
    <article>
      <TitleHeader title={title} note="Not on Cinedex yet" genres={title.genres.map((name) => ({ key: name, name }))} />
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
