import { Link } from "react-router";
import { buttonClass } from "./ui.tsx";

/**
 * Previous, "Page x of y", Next: shown only when there is more than one page
 * (docs/product/spec.md "Movie and TV management"). Real links, so it works without JavaScript.
 */
export function AdminPagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  const off = `${buttonClass("secondary", "sm")} pointer-events-none opacity-40`;
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-3 sm:justify-center sm:gap-6">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={buttonClass("secondary", "sm")}>
          Previous
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          Previous
        </span>
      )}
      <p className="text-sm text-mist-300 tabular-nums">
        Page {page} of {totalPages}
      </p>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={buttonClass("secondary", "sm")}>
          Next
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
