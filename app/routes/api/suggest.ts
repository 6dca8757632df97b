import { getApp } from "#app/context.ts";
import { apiMethodNotAllowed } from "#app/http/api.server.ts";
import { genrePath, searchPath, titlePath } from "#app/modules/catalogue/paths.ts";
import { SUGGEST_RATE_RULE } from "#app/modules/limits/rules.ts";
import { suggestGrouped } from "#app/modules/catalogue/search.server.ts";
import type { SuggestionGroups } from "#app/modules/search/types.ts";
import type { Route } from "./+types/suggest";

const NO_SUGGESTIONS: SuggestionGroups = { items: [], people: [], genres: [] };

/**
 * Instant suggestions for the search box: GET /api/suggest?q=text → { items, people, genres }
 * (titles, then credited people, then genres).
 * A client over the shared limit gets no suggestions rather than an error: the
 * box loads this through a fetcher, which would put an error status on the page's
 * error boundary (ADR 027).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!(await app.limits.consume(SUGGEST_RATE_RULE, app.clientAddress)).allowed) {
    return Response.json(NO_SUGGESTIONS, { headers: { "Cache-Control": "private, no-store" } });
  }
  const text = new URL(request.url).searchParams.get("q") ?? "";
  const found = await suggestGrouped(app.db, text);
  const body: SuggestionGroups = {
    items: found.titles.map((t) => ({ id: t.id, title: t.title, year: t.year, type: t.type, posterUrl: t.posterUrl, href: titlePath(t) })),
    people: found.people.map((p) => ({ name: p.name, role: p.role, href: searchPath(p.name) })),
    genres: found.genres.map((g) => ({ id: g.id, name: g.name, href: genrePath(g) })),
  };
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=60" } });
}

/** Only reads: a 405 problem, as every error under /api/ is answered. */
export const action = (args: Route.ActionArgs) => apiMethodNotAllowed(args, "GET, HEAD");
