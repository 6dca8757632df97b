import type { RequestHandler } from "express";
import { countsAsVisit, prefetchPurpose, viewedTitleId, type AnalyticsCounter } from "#app/modules/analytics/counter.server.ts";

/** Express middleware: counts each answered GET page request, and a title page's view, once the answer is sent. */
export function countPageViews(counter: AnalyticsCounter): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET") {
      res.once("finish", () => {
        if (res.statusCode !== 200) return;
        if (!countsAsVisit({ userAgent: req.get("user-agent"), purpose: prefetchPurpose((name) => req.get(name)) })) return;
        counter.request();
        const titleId = viewedTitleId(req.path);
        if (titleId !== null) counter.view(titleId);
      });
    }
    next();
  };
}
