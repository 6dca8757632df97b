import { Link } from "react-router";
import { Poster } from "#app/components/catalogue/poster.tsx";
import { RequestTitleButton } from "#app/components/catalogue/request-title-button.tsx";
import { externalTitlePath } from "#app/integrations/tmdb/ids.ts";
import type { ExternalSearchItem } from "#app/integrations/tmdb/types.ts";

/** Search results from TMDB that the catalogue does not have, each with a Request button. */
export function ExternalResults({ items }: { items: ExternalSearchItem[] }) {
  return (
    <section aria-labelledby="external-heading" className="mt-12 border-t border-white/8 pt-8">
      <h2 id="external-heading" className="text-xl font-bold text-white">
        Not on Cinedex yet
      </h2>
      <p className="mt-1 text-sm text-mist-400">Titles from TMDB that we do not have. Request one and we will try to add it.</p>
      <ul className="mt-5 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
        {items.map((item) => (
          <li key={`${item.type}-${item.tmdbId}`} className="flex flex-col">
            <Link to={externalTitlePath(item)} className="group block">
              <Poster
                title={item.title}
                year={item.year}
                url={item.posterUrl}
                className="w-full transition-opacity group-hover:opacity-85"
              />
              <span className="mt-2 block text-sm font-semibold text-white group-hover:text-accent-300">{item.title}</span>
            </Link>
            <span className="text-xs text-mist-400">
              {item.type === "tv" ? "TV series" : "Movie"}
              {item.year && ` · ${item.year}`}
            </span>
            <RequestTitleButton item={item} className="mt-2" />
          </li>
        ))}
      </ul>
    </section>
  );
}
