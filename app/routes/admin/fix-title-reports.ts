import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { markTitleReportsFixed } from "#app/modules/inbox/reports/fixes.server.ts";
import { requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/fix-title-reports";

/** A button, no fields. */
const fixReportsSchema = z.object({});

/** The title editor's "Mark N report(s) fixed": closes every open broken-link report on the title (audited). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = requireId(params.id, "That title does not exist.");
  return handleSubmission(request, fixReportsSchema, async (): Promise<FormSuccess<{ fixed: number }>> => {
    const fixed = await markTitleReportsFixed(getApp(context).db, actorFrom(context), id);
    return { ok: true, message: `${fixed} report${fixed === 1 ? "" : "s"} marked fixed`, fixed };
  });
}
