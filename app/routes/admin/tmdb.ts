import { data } from "react-router";
import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { FETCHED, FETCHED_TV } from "#app/modules/catalogue/tmdb-fill.ts";
import {
  LookupError,
  lookupForEditor,
  SearchError,
  searchForEditor,
  type EditorLookup,
  type EditorSearchItem,
} from "#app/modules/catalogue/tmdb.server.ts";
import { failure, parseSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/tmdb";

const requestSchema = z.object({
  intent: z.enum(["lookup", "search"]).catch("lookup"),
  type: z.enum(["movie", "tv"]).catch("movie"),
  query: z.string().trim().max(300).catch(""),
  name: z.string().trim().max(100).catch(""),
  year: z.string().trim().max(10).catch(""),
});

const NAME_NEEDED = "Type a name to search for.";

/** A year as typed: four digits, else none (an unreadable year searches without one). */
const yearOf = (text: string) => (/^\d{4}$/.test(text) ? Number(text) : null);

/**
 * POST /dashboard/tmdb (admin layout: signed-in admins only), two intents:
 * - "lookup" (the default): the title editor's TMDB fetch of what was typed (TMDB
 *   id, IMDb id or a TMDB/IMDb address) for the type being edited. A title comes
 *   back with the catalogue row that already has its ids, if any.
 * - "search": TMDB's movies or TV shows by name and optional year, for the
 *   editor's search box; each with the catalogue title that already has it.
 * A request that finds nothing usable (bad id, unknown id, TMDB not configured or
 * down) is the kit's failure with status 200: the request itself succeeded, and
 * the editor shows the toast and the detail on `query` (or `name`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseSubmission(request, requestSchema);
  if (!parsed.ok) return failure(parsed.status, parsed.failure.error, parsed.failure);
  const input = parsed.data;
  const { db, tmdb } = getApp(context);
  try {
    if (input.intent === "search") {
      if (!input.name) return failure(200, NAME_NEEDED, { fields: { name: [NAME_NEEDED] }, values: parsed.values });
      const results = await searchForEditor(db, tmdb, input.type, input.name, yearOf(input.year));
      return data<FormSuccess<{ results: EditorSearchItem[] }>>({ ok: true, message: "", results });
    }
    const { title, existing } = await lookupForEditor(db, tmdb, input.type, input.query);
    return data<FormSuccess<EditorLookup>>({
      ok: true,
      message: input.type === "tv" ? FETCHED_TV : FETCHED,
      title,
      existing,
    });
  } catch (error) {
    if (error instanceof LookupError || error instanceof SearchError)
      return failure(200, error.message, { fields: error.fields, values: parsed.values });
    throw error;
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
