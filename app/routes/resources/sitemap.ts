import { getApp } from "#app/context.ts";
import { buildSitemap } from "#app/modules/seo/sitemap.server.ts";
import { SITEMAP_HEADERS } from "#app/modules/seo/headers.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, publicUrl } = getApp(context);
  return new Response(await buildSitemap(db, publicUrl), { headers: SITEMAP_HEADERS });
}
