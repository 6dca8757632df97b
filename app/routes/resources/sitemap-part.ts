import { getApp } from "#app/context.ts";
import { NOT_FOUND_HEADERS, SITEMAP_HEADERS } from "#app/modules/seo/headers.ts";
import { buildSitemapPart } from "#app/modules/seo/sitemap.server.ts";
import type { Route } from "./+types/sitemap-part";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, publicUrl } = getApp(context);
  const xml = await buildSitemapPart(db, publicUrl, params.name);
  if (xml === null) return new Response("Not Found\n", { status: 404, headers: NOT_FOUND_HEADERS });
  return new Response(xml, { headers: SITEMAP_HEADERS });
}
