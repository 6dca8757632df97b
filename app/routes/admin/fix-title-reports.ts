import { data } from "react-router";
import { getApp } from "#app/context.ts";
import { actorFrom } from "#app/modules/auth/guard.server.ts";
import { markTitleReportsFixed } from "#app/modules/inbox/reports/fixes.server.ts";
import type { Route } from "./+types/fix-title-reports";

/** The title editor's "Mark N report(s) fixed": closes every open broken-link report on the title (audited). */
export async function action({ params, context }: Route.ActionArgs) {
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : 0;
  if (!Number.isSafeInteger(id) || id <= 0)
    return data({ ok: false as const, error: "That title does not exist.", fixed: 0 }, { status: 404 });
  const fixed = await markTitleReportsFixed(getApp(context).db, actorFrom(context), id);
  return { ok: true as const, fixed };
}
