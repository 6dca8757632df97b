import { getApp } from "#app/context.ts";
import { ROBOTS_HEADERS } from "#app/modules/seo/headers.ts";
import { robotsTxt } from "#app/modules/seo/robots.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(getApp(context).publicUrl), { headers: ROBOTS_HEADERS });
}
