import type { RequestHandler } from "express";
import { hasFilters, parseSearchParams } from "#app/modules/search/params.ts";
import { parseQuery } from "#app/modules/search/text.ts";
import { countsAsVisit, prefetchPurpose, viewedTitleId, type AnalyticsCounter } from "#app/modules/analytics/counter.server.ts";

/** Express middleware: counts each answered (200 or 304) GET page request, and a title page's view, once the answer is sent. */
export function countPageViews(counter: AnalyticsCounter): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET") {
      res.once("finish", () => {
        // 304: a revisit revalidating its copy of the page is a view too; errors and redirects are not.
        if (res.statusCode !== 200 && res.statusCode !== 304) return;
        if (!countsAsVisit({ userAgent: req.get("user-agent"), purpose: prefetchPurpose((name) => req.get(name)) })) return;
        counter.request();
        const titleId = viewedTitleId(req.path);
        if (titleId !== null) counter.view(titleId);
        if (res.getHeader("X-Page-Cache") === "hit") {
          const query = searchFromCache(req.path, new URL(req.originalUrl, "http://cache.invalid").searchParams);
          if (query !== null) counter.search(query);
        }
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
