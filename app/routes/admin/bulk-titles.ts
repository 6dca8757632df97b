import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { bulkFormSchema } from "#app/modules/catalogue/admin-list.ts";
import { applyBulkAction } from "#app/modules/editorial/titles.server.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/bulk-titles";

/** The lists' bulk actions (form fields `operation`, `ids`, `genre`); the answer's message is the toast with counts. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmission(request, bulkFormSchema, async (input) => {
    const { db, tmdb } = getApp(context);
    const outcome = await applyBulkAction(db, actorFrom(context), input, { tmdb });
    return { ok: true as const, ...outcome };
  });
}
