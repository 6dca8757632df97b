import { data } from "react-router";
import { z } from "zod";
import { getApp } from "#app/context.ts";
import { FETCHED, FETCHED_TV } from "#app/modules/catalogue/tmdb-fill.ts";
import { lookupForEditor } from "#app/modules/catalogue/tmdb.server.ts";
import { handleSubmission } from "#app/utils/submission.server.ts";
import type { Route } from "./+types/tmdb";

const lookupSchema = z.object({ type: z.enum(["movie", "tv"]).catch("movie"), query: z.string().trim().max(300).catch("") });

/**
 * POST /dashboard/tmdb (admin layout: signed-in admins only): the title editor's
 * TMDB fetch of what was typed (TMDB id, IMDb id or a TMDB/IMDb address) for the
 * type being edited. A title comes back with the catalogue row that already has
 * its ids, if any; a lookup that finds none is the kit's failure (LookupError:
 * the toast, and a detail on `query`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, tmdb } = getApp(context);
  return handleSubmission(request, lookupSchema, async ({ type, query }) => {
    const { title, existing } = await lookupForEditor(db, tmdb, type, query);
    return { ok: true, message: type === "tv" ? FETCHED_TV : FETCHED, title, existing };
  });
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
