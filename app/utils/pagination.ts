import { PAGINATION_WINDOW } from "#app/constants.ts";

/** One page of a listing. */
export interface Page<T> {
  items: T[];
  /** The page that was asked for, never below 1. */
  page: number;
  perPage: number;
  total: number;
  /** At least 1, so "page 1 of 1" holds for an empty list. */
  totalPages: number;
}

/*
 * The one paging policy of every listing (site, search, admin, inbox, activity):
 * pages count from 1; an empty listing has one (empty) page; a page past the end
 * shows the last page. Listings that count before they fetch clamp the page
 * (`clampPage`); listings that count and fetch together (the public pages) return
 * the empty page with the real `totalPages`, and their route redirects to the last
 * page so the address says which page it is.
 */

/** How many pages `total` items make, at least one. */
export function totalPagesOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** A requested page as a whole number from 1 (anything else is page 1), with its row offset. */
export function pageRequest(page: number | undefined, perPage: number): { page: number; perPage: number; offset: number } {
  const size = Math.max(1, Math.floor(perPage));
  const wanted = page !== undefined && Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  return { page: wanted, perPage: size, offset: (wanted - 1) * size };
}

/** pageRequest once the total is known: a page past the end becomes the last page. */
export function clampPage(
  page: number | undefined,
  perPage: number,
  total: number,
): { page: number; perPage: number; offset: number; totalPages: number } {
  const request = pageRequest(page, perPage);
  const totalPages = totalPagesOf(total, request.perPage);
  const current = Math.min(request.page, totalPages);
  return { page: current, perPage: request.perPage, offset: (current - 1) * request.perPage, totalPages };
}

/**
 * Up to `size` consecutive page numbers centred on the current page, shifted to
 * stay within 1..totalPages.
 */
export function pageWindow(current: number, totalPages: number, size = PAGINATION_WINDOW): number[] {
  const total = Math.max(1, totalPages);
  const count = Math.min(size, total);
  const page = Math.min(Math.max(1, current), total);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * The one reading of a URL's `page` parameter, for every listing: a whole number
 * from 1, or page 1 flagged `valid: false` when the parameter is present but not a
 * page (so a public page can redirect to a real address; admin lists just show
 * page 1). The JSON API refuses a bad page with a 400 through its own schemas.
 */
export function parsePage(value: string | null): { page: number; valid: boolean } {
  if (value === null) return { page: 1, valid: true };
  if (!/^\d{1,9}$/.test(value)) return { page: 1, valid: false };
  const page = Number(value);
  return page >= 1 ? { page, valid: true } : { page: 1, valid: false };
}

/** The same listing URL at another page; page 1 drops the parameter. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Page numbers for the search page: the first, the current one and its
 * neighbours, and the last, with "gap" where numbers are left out.
 */
export function compactPages(current: number, totalPages: number): (number | "gap")[] {
  const total = Math.max(1, totalPages);
  const page = Math.min(Math.max(1, current), total);
  const wanted = [...new Set([1, page - 1, page, page + 1, total])].filter((n) => n >= 1 && n <= total).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  wanted.forEach((n, i) => {
    const prev = wanted[i - 1];
    if (prev !== undefined && n - prev > 1) out.push(n - prev === 2 ? n - 1 : "gap");
    out.push(n);
  });
  return out;
}
