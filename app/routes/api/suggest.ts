import { getApp } from "#app/context.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { suggest } from "#app/modules/search/search.server.ts";
import type { Suggestion } from "#app/modules/search/types.ts";
import type { Route } from "./+types/suggest";

const SUGGESTION_LIMIT = 8;

/** Instant suggestions for the search box: GET /api/suggest?q=text → { items }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const text = new URL(request.url).searchParams.get("q") ?? "";
  const items = await suggest(getApp(context).db, text, SUGGESTION_LIMIT);
  const body: { items: Suggestion[] } = {
    items: items.map((t) => ({ id: t.id, title: t.title, year: t.year, type: t.type, posterUrl: t.posterUrl, href: titlePath(t) })),
  };
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=60" } });
}
