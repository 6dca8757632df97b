import { getApp } from "#app/context.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { SUGGEST_RATE_RULE } from "#app/modules/limits/rules.ts";
import { suggest } from "#app/modules/search/search.server.ts";
import type { Suggestion } from "#app/modules/search/types.ts";
import type { Route } from "./+types/suggest";

const SUGGESTION_LIMIT = 8;

/**
 * Instant suggestions for the search box: GET /api/suggest?q=text → { items }.
 * A client over the shared limit gets no suggestions rather than an error: the
 * box loads this through a fetcher, which would put an error status on the page's
 * error boundary (ADR 027).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!(await app.limits.consume(SUGGEST_RATE_RULE, app.clientAddress)).allowed) {
    return Response.json({ items: [] } satisfies { items: Suggestion[] }, { headers: { "Cache-Control": "private, no-store" } });
  }
  const text = new URL(request.url).searchParams.get("q") ?? "";
  const items = await suggest(app.db, text, SUGGESTION_LIMIT);
  const body: { items: Suggestion[] } = {
    items: items.map((t) => ({ id: t.id, title: t.title, year: t.year, type: t.type, posterUrl: t.posterUrl, href: titlePath(t) })),
  };
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=60" } });
}
