import { PageLink } from "#app/components/ui/page-link.tsx";
import type { TitleCard as TitleCardData } from "#app/modules/catalogue/types.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { isLatestRelease } from "#app/utils/dates.ts";
import { Poster } from "./poster.tsx";

interface CardOptions {
  /** The card's heading level: h2 right under a page's h1, h3 under a section's h2. */
  headingLevel?: "h2" | "h3";
  /** How wide the poster is drawn (a row's cards are narrower than the grid's). */
  sizes?: string;
}

/**
 * One title in a grid: poster, rating badge, Latest tag, name, year and type. The
 * same card serves the home listing, genre pages, search results (named by the title
 * alone, as everywhere: docs/product/decisions.md "Search") and the watchlist.
 */
export function TitleCard({
  title,
  eager = false,
  headingLevel = "h3",
  sizes,
  note,
}: {
  title: TitleCardData;
  eager?: boolean;
  /** A short line under the year, e.g. why a search found the title ("with Buster Keaton"). */
  note?: string | null;
} & CardOptions) {
  const latest = isLatestRelease(title.releaseDate);
  const Heading = headingLevel;
  return (
    <PageLink to={titlePath(title)} className="group block rounded-xl">
      <div className="relative">
        <Poster
          title={title.title}
          year={title.year}
          url={title.posterUrl}
          eager={eager}
          sizes={sizes}
          className="ring-1 ring-white/5 transition duration-300 group-hover:-translate-y-1 group-hover:ring-accent-400/60 group-hover:shadow-xl group-hover:shadow-accent-500/10"
        />
        {title.rating !== null && (
          <span className="absolute top-2 left-2 rounded-md bg-ink-950/85 px-1.5 py-0.5 text-xs font-semibold text-gold-400 backdrop-blur">
            <span aria-hidden="true">★ </span>
            <span className="sr-only">Rating </span>
            {title.rating.toFixed(1)}
          </span>
        )}
        {latest && (
          <span className="absolute top-2 right-2 rounded-md bg-accent-500 px-1.5 py-0.5 text-xs font-bold text-ink-950">Latest</span>
        )}
      </div>
      <Heading className="mt-2.5 line-clamp-2 text-sm leading-snug font-semibold text-mist-100 group-hover:text-white">
        {title.title}
      </Heading>
      <p className="mt-0.5 text-xs text-mist-400">
        {[title.year, title.type === "tv" ? "TV series" : "Movie"].filter(Boolean).join(" · ")}
      </p>
      {note && <p className="mt-0.5 line-clamp-1 text-xs text-mist-300">{note}</p>}
    </PageLink>
  );
}

/**
 * A phone's first row (two cards) is drawn without lazy loading: it is usually on the
 * first screen. More eager posters would share a phone's bandwidth with the page's
 * largest image; on wider screens the rest of the row is in view and loads at once anyway.
 */
const EAGER_CARDS = 2;

export function TitleGrid<T extends TitleCardData>({
  titles,
  noteOf,
  ...options
}: { titles: T[]; noteOf?: (title: T) => string | null } & CardOptions) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {titles.map((title, i) => (
        <li key={title.id}>
          <TitleCard title={title} eager={i < EAGER_CARDS} note={noteOf?.(title)} {...options} />
        </li>
      ))}
    </ul>
  );
}
