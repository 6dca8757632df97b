import { getApp } from "#app/context.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { suggest } from "#app/modules/search/search.server.ts";
import type { Route } from "./+types/suggest";

export const SUGGESTION_LIMIT = 8;

/** Instant suggestions for the search box: GET /api/suggest?q=text → { items }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const text = new URL(request.url).searchParams.get("q") ?? "";
  const items = await suggest(getApp(context).db, text, SUGGESTION_LIMIT);
  return Response.json(
    { items: items.map((t) => ({ id: t.id, title: t.title, year: t.year, type: t.type, posterUrl: t.posterUrl, href: titlePath(t) })) },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}

export type Suggestion = { id: number; title: string; year: number | null; type: "movie" | "tv"; posterUrl: string | null; href: string };
