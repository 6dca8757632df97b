import { PageLink } from "#app/components/ui/page-link.tsx";
import { compactPages, pageWindow } from "#app/utils/pagination.ts";

interface PaginationProps {
  page: number;
  totalPages: number;
  /** The URL of a page number, keeping whatever else the listing's URL holds. */
  hrefFor: (page: number) => string;
  /**
   * `window`: five numbers centred on the current page (listings). `compact`: the
   * first, the current ±1 and the last, with ellipses (the search page).
   */
  variant?: "window" | "compact";
}

const base = "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors";
const idle = `${base} bg-ink-800 text-mist-100 ring-1 ring-white/5 hover:bg-ink-700 hover:text-white`;
const off = `${base} cursor-not-allowed bg-ink-900 text-mist-400/50`;

/** Previous, Next and page numbers; real links, so it works without JavaScript. */
export function Pagination({ page, totalPages, hrefFor, variant = "window" }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = variant === "window" ? pageWindow(page, totalPages) : compactPages(page, totalPages);
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <PageLink to={hrefFor(page - 1)} className={idle} rel="prev">
          Previous
        </PageLink>
      ) : (
        <span className={off} aria-disabled="true">
          Previous
        </span>
      )}
      {pages.map((n, i) =>
        n === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-mist-400" aria-hidden="true">
            …
          </span>
        ) : n === page ? (
          <span key={n} className={`${base} bg-accent-500 font-bold text-ink-950`} aria-current="page">
            <span className="sr-only">Page </span>
            {n}
          </span>
        ) : (
          <PageLink key={n} to={hrefFor(n)} className={idle}>
            <span className="sr-only">Page </span>
            {n}
          </PageLink>
        ),
      )}
      {page < totalPages ? (
        <PageLink to={hrefFor(page + 1)} className={idle} rel="next">
          Next
        </PageLink>
      ) : (
        <span className={off} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
