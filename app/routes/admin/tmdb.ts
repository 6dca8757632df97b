import { data } from "react-router";
import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { FETCHED, FETCHED_TV } from "#app/modules/catalogue/tmdb-fill.ts";
import { LookupError, lookupForEditor, type EditorLookup } from "#app/modules/catalogue/tmdb.server.ts";
import { failure, parseSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/tmdb";

const lookupSchema = z.object({ type: z.enum(["movie", "tv"]).catch("movie"), query: z.string().trim().max(300).catch("") });

/**
 * POST /dashboard/tmdb (admin layout: signed-in admins only): the title editor's
 * TMDB fetch of what was typed (TMDB id, IMDb id or a TMDB/IMDb address) for the
 * type being edited. A title comes back with the catalogue row that already has
 * its ids, if any. A lookup that finds none (bad id, unknown id, TMDB not
 * configured or down) is the kit's failure with status 200: the request itself
 * succeeded, and the editor shows the toast and the detail on `query`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseSubmission(request, lookupSchema);
  if (!parsed.ok) return failure(parsed.status, parsed.failure.error, parsed.failure);
  const { type, query } = parsed.data;
  const { db, tmdb } = getApp(context);
  try {
    const { title, existing } = await lookupForEditor(db, tmdb, type, query);
    return data<FormSuccess<EditorLookup>>({
      ok: true,
      message: type === "tv" ? FETCHED_TV : FETCHED,
      title,
      existing,
    });
  } catch (error) {
    if (error instanceof LookupError) return failure(200, error.message, { fields: error.fields, values: parsed.values });
    throw error;
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
