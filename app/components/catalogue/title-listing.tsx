import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import type { TitleCard } from "#app/modules/catalogue/types.ts";
import type { Page } from "#app/utils/pagination.ts";
import { pageHref } from "#app/utils/pagination.ts";
import { Pagination } from "./pagination.tsx";
import { TitleGrid } from "./title-card.tsx";
import { TitleGridSkeleton } from "./title-grid-skeleton.tsx";

/**
 * A paged grid of titles with its heading. While another page of the same listing
 * is loading, skeleton cards stand in for the grid.
 */
export function TitleListing({
  titles,
  heading,
  headingId,
  emptyText,
  actions,
  toolbar,
  level = 2,
}: {
  titles: Page<TitleCard>;
  heading: string;
  headingId: string;
  emptyText: string;
  actions?: ReactNode;
  /** Shown between the heading and the grid (a genre page's sort and filters). */
  toolbar?: ReactNode;
  level?: 1 | 2;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const paging = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby={headingId} aria-busy={paging || undefined}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <Heading
            id={headingId}
            className={`scroll-mt-24 font-bold tracking-tight text-white ${level === 1 ? "text-3xl sm:text-4xl" : "text-2xl sm:text-3xl"}`}
          >
            {heading}
          </Heading>
          <p className="mt-1 text-sm text-mist-400">
            {titles.total.toLocaleString("en-US")} {titles.total === 1 ? "title" : "titles"}
            {titles.totalPages > 1 && ` · page ${titles.page} of ${titles.totalPages}`}
          </p>
        </div>
        {actions}
      </div>
      {toolbar && <div className="mb-8">{toolbar}</div>}
      {paging ? (
        <TitleGridSkeleton />
      ) : titles.items.length === 0 ? (
        <p className="rounded-xl bg-ink-800 px-6 py-16 text-center text-mist-300">{emptyText}</p>
      ) : (
        <TitleGrid titles={titles.items} headingLevel={level === 1 ? "h2" : "h3"} />
      )}
      <Pagination page={titles.page} totalPages={titles.totalPages} hrefFor={(n) => pageHref(location.pathname, location.search, n)} />
    </section>
  );
}
