import { getApp } from "#app/context.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { titleShareCard } from "#app/modules/seo/share-card.server.ts";
import type { Route } from "./+types/share-card";
import { requireFound } from "#app/utils/errors.ts";

/** GET /share/{id}.png: a title's share card (its og:image when it has no poster to share). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([1-9]\d{0,8})\.png$/.exec(params.file);
  const { db } = getApp(context);
  const png = requireFound(match ? await titleShareCard(db, Number(match[1]), (await getSettings(db)).siteName) : null, "No such title");
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      // The address carries the title's version (?v=), so a day of caching never shows a stale card for long.
      "Cache-Control": "public, max-age=86400",
    },
  });
}
