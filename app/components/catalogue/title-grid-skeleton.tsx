import { LISTING_PAGE_SIZE } from "#app/constants.ts";

/** Placeholder cards while the next page of a listing is loading. */
export function TitleGridSkeleton({ count = LISTING_PAGE_SIZE }: { count?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="animate-pulse">
          <div className="aspect-[2/3] rounded-xl bg-ink-800" />
          <div className="mt-3 h-3.5 w-3/4 rounded bg-ink-800" />
          <div className="mt-2 h-3 w-1/3 rounded bg-ink-800" />
        </li>
      ))}
    </ul>
  );
}
