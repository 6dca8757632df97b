import type { RequestHandler } from "express";
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
      });
    }
    next();
  };
}
