import { getApp } from "#app/context.ts";
import { apiMethodNotAllowed, type LoaderArgs } from "#app/http/api.server.ts";
import { requestExternalTitle } from "#app/http/request-title.server.ts";
import type { Route } from "./+types/request-title";

/**
 * POST /api/request-title: a visitor asks for a title only TMDB knows (form fields
 * tmdbId, type (movie|tv), title, year). The search page and the TMDB-only title
 * page take the same post as their own action (no JavaScript needed there).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return requestExternalTitle(request, getApp(context));
}

/** Only posts: a 405 problem, as every error under /api/ is answered. */
export const loader = (args: LoaderArgs) => apiMethodNotAllowed(args, "POST");
