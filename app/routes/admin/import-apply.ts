import { data, href, redirect } from "react-router";
import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { claimImportRun, startImportApply } from "#app/modules/catalogue/import.server.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/import-apply";

/** A button, no fields. */
const applySchema = z.object({});

/**
 * POST /dashboard/import/:id/apply: takes the run (409 if another request is
 * applying it) and queues the import job (ADR 028), so the page answers at once
 * and shows the job's progress; the run record advances batch by batch and a stop
 * is resumable.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = requireId(params.id);
  const app = getApp(context);
  const actor = actorFrom(context);
  return handleSubmission(request, applySchema, async () => {
    const run = await claimImportRun(app.db, id);
    if (run.status === "applying") await startImportApply(app, actor, id);
    return redirect(`${href("/dashboard/import")}?run=${id}`);
  });
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
