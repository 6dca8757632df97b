import { savedTitleCard, watchlist } from "#app/components/storage/lists.ts";
import { PageLink } from "#app/components/ui/page-link.tsx";
import type { TitleCard as TitleCardData } from "#app/modules/catalogue/types.ts";
import { TitleCard } from "./title-card.tsx";

/** A row card's width: about 2½ cards on a phone (the half says "scroll"), 4½ on a tablet, 7 on a desktop. */
const ROW_CARD = "w-[38%] shrink-0 snap-start sm:w-[21%] lg:w-[calc((100%-6*1rem)/7)]";
const SEE_ALL =
  "-my-2 inline-flex min-h-11 shrink-0 items-center rounded-md px-2 text-sm font-semibold text-accent-300 hover:text-accent-200";
const ROW_POSTER_SIZES = "(min-width: 1280px) 160px, (min-width: 1024px) 14vw, (min-width: 640px) 21vw, 38vw";

/**
 * One home row: a heading, "See all" to the full listing, and the titles in a line
 * that scrolls sideways (snapping to cards) when it is wider than the screen. The
 * cards are links, so Tab walks the row and the browser scrolls each into view.
 */
export function TitleRow({
  id,
  heading,
  seeAll,
  titles,
  eager = 0,
}: {
  id: string;
  heading: string;
  /** The full listing; none for a row that is the whole list. */
  seeAll?: string;
  titles: TitleCardData[];
  /** How many leading cards load their posters at once (the first screen's). */
  eager?: number;
}) {
  const headingId = `row-${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-lg font-bold tracking-tight text-white sm:text-xl">
          {heading}
        </h2>
        {seeAll &&
          (seeAll.startsWith("#") ? (
            // A section of this page: the browser scrolls to it, no navigation.
            <a href={seeAll} className={SEE_ALL}>
              See all<span className="sr-only"> {heading}</span>
            </a>
          ) : (
            <PageLink to={seeAll} className={SEE_ALL}>
              See all<span className="sr-only"> {heading}</span>
            </PageLink>
          ))}
      </div>
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pt-1 pb-3 [scrollbar-width:thin] sm:mx-0 sm:scroll-px-0 sm:px-0">
        {titles.map((title, i) => (
          <li key={title.id} className={ROW_CARD}>
            <TitleCard title={title} eager={i < eager} sizes={ROW_POSTER_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Continue from your watchlist": the browser's watchlist (kept in localStorage),
 * drawn after hydration and only when it has titles, so visitors without one get
 * nothing that moves the page.
 */
export function WatchlistRow() {
  const items = watchlist.useValue();
  if (items.length === 0) return null;
  return <TitleRow id="watchlist" heading="Continue from your watchlist" seeAll="/watchlist" titles={items.map(savedTitleCard)} />;
}
