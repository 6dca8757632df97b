import { data } from "react-router";
import { getApp } from "#app/context.ts";
import { LookupError, lookupForEditor } from "#app/modules/catalogue/tmdb.server.ts";
import type { Route } from "./+types/tmdb";

/**
 * POST /dashboard/tmdb (admin layout: signed-in admins only): the title editor's
 * TMDB fetch. Form fields `type` (movie|tv) and `query` (TMDB id, IMDb id or a
 * TMDB/IMDb address). Answers { ok: true, title, existing } or, for every expected
 * outcome without a title (not configured, bad id, unknown id, TMDB down), 200 with
 * { ok: false, error, detail, status }: the request itself succeeded.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const type = form?.get("type") === "tv" ? "tv" : "movie";
  const query = String(form?.get("query") ?? "").slice(0, 300);
  const { db, tmdb } = getApp(context);
  try {
    const { title, existing } = await lookupForEditor(db, tmdb, type, query);
    return { ok: true as const, title, existing };
  } catch (error) {
    if (error instanceof LookupError) return { ok: false as const, error: error.message, detail: error.detail, status: error.status };
    throw error;
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
