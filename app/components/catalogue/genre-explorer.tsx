import { useId, useState } from "react";
import { useLocation } from "react-router";
import { isCurrentPath, PageLink } from "#app/components/ui/page-link.tsx";
import { MOBILE_GENRE_PREVIEW } from "#app/constants.ts";
import { genrePath } from "#app/modules/catalogue/paths.ts";
import type { Genre } from "#app/modules/catalogue/types.ts";

/**
 * Every genre as a link. On screens up to 768 px only the first 8 show until
 * "Show More"; that collapsing needs JavaScript, so without it all are shown.
 */
export function GenreExplorer({ genres, heading = "Explore by genre" }: { genres: Genre[]; heading?: string }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  const hasMore = genres.length > MOBILE_GENRE_PREVIEW;
  return (
    <section aria-labelledby={`${listId}-heading`} className="mb-10">
      <h2 id={`${listId}-heading`} className="mb-4 text-lg font-bold text-white">
        {heading}
      </h2>
      <ul id={listId} className="flex flex-wrap gap-2">
        {genres.map((genre, i) => (
          <li key={genre.id} className={i >= MOBILE_GENRE_PREVIEW && !expanded ? "max-md:[html.js_&]:hidden" : undefined}>
            <PageLink
              to={genrePath(genre)}
              aria-current={isCurrentPath(pathname, genrePath(genre)) ? "page" : undefined}
              className={`inline-block rounded-full px-4 py-2 text-sm font-medium ring-1 transition-colors ${
                isCurrentPath(pathname, genrePath(genre))
                  ? "bg-accent-500 text-ink-950 ring-accent-500"
                  : "bg-ink-800 text-mist-100 ring-white/10 hover:bg-ink-700 hover:ring-accent-400/40"
              }`}
            >
              {genre.name}
            </PageLink>
          </li>
        ))}
      </ul>
      {hasMore && (
        <button
          type="button"
          aria-controls={listId}
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
          className="mt-3 hidden rounded-full px-3 py-1.5 text-sm font-semibold text-accent-300 hover:bg-white/5 max-md:[html.js_&]:inline-block"
        >
          {expanded ? "Show Less" : "Show More"}
        </button>
      )}
    </section>
  );
}
