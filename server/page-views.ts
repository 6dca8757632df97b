import type { RequestHandler } from "express";
import { hasFilters, parseSearchParams } from "#app/modules/search/params.ts";
import { parseQuery } from "#app/modules/search/text.ts";
import { countsAsVisit, prefetchPurpose, viewedTitleId, type AnalyticsCounter } from "#app/modules/analytics/counter.server.ts";

/** What counting a view needs of an answered request (Express's, or the page cache's hit path's). */
export interface AnsweredRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  /** The path and query as requested. */
  url: string;
  status: number;
  header: (name: string) => string | undefined;
  /** The X-Page-Cache answer, when the page cache answered. */
  cache: string | undefined;
}

/** Counts an answered (200 or 304) GET page request, and a title page's view. */
export function recordPageView(counter: AnalyticsCounter, answered: AnsweredRequest): void {
  if (answered.method !== "GET") return;
  // 304: a revisit revalidating its copy of the page is a view too; errors and redirects are not.
  if (answered.status !== 200 && answered.status !== 304) return;
  if (!countsAsVisit({ userAgent: answered.header("user-agent"), purpose: prefetchPurpose(answered.header) })) return;
  counter.request();
  const titleId = viewedTitleId(answered.path);
  if (titleId !== null) counter.view(titleId);
  if (answered.cache === "hit") {
    const query = searchFromCache(answered.path, new URL(answered.url, "http://cache.invalid").searchParams);
    if (query !== null) counter.search(query);
  }
}

/** Express middleware: counts each page request (recordPageView) once the answer is sent. */
export function countPageViews(counter: AnalyticsCounter): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET") {
      res.once("finish", () => {
        const cache = res.getHeader("X-Page-Cache");
        recordPageView(counter, {
          method: req.method,
          path: req.path,
          url: req.originalUrl,
          status: res.statusCode,
          header: (name) => req.get(name),
          cache: typeof cache === "string" ? cache : undefined,
        });
      });
    }
    next();
  };
}

/**
 * The normalised query of a search page served from the page cache, when its render
 * would have recorded it (results.server.ts: first page, no filters, relevance order).
 */
export function searchFromCache(pathname: string, params: URLSearchParams): string | null {
  if ((pathname !== "/search" && pathname !== "/") || !params.has("q")) return null;
  const search = parseSearchParams(params);
  if (search.page !== 1 || hasFilters(search.filters) || search.sort !== "relevance") return null;
  return parseQuery(search.text)?.text ?? null;
}
