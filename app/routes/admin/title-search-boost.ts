import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { TITLE_NOT_FOUND } from "#app/modules/catalogue/write.server.ts";
import { BOOST_OUT_OF_RANGE, MAX_BOOST, setSearchBoost, type SearchBoostResult } from "#app/modules/search/popularity.server.ts";
import { requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/title-search-boost";

const boostSchema = z.object({
  boost: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, BOOST_OUT_OF_RANGE)
    .transform(Number)
    .pipe(z.number().int().min(0, BOOST_OUT_OF_RANGE).max(MAX_BOOST, BOOST_OUT_OF_RANGE)),
});

/** The title editor's search boost: 0 none, up to 100 (pinned first among equal matches; ADR 007). Audited. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = requireId(params.id, TITLE_NOT_FOUND);
  return handleSubmission(request, boostSchema, async ({ boost }): Promise<Extract<SearchBoostResult, { ok: true }>> => {
    await setSearchBoost(getApp(context).db, id, boost, actorFrom(context));
    return { ok: true, message: boost === 0 ? "Search boost removed" : `Search boost set to ${boost}`, boost };
  });
}
