import { data } from "react-router";
import { getApp } from "#app/context.ts";
import { removeFromTitle, type TitlePart } from "#app/modules/catalogue/admin.server.ts";
import { actorFrom } from "#app/modules/auth/guard.server.ts";
import { actionError } from "#app/utils/action.server.ts";
import type { Route } from "./+types/delete-title-part";

const PARTS = new Set<TitlePart>(["title", "screenshot", "release", "link", "zip"]);
const DELETE_FAILED = "Error deleting the movie";

function positiveId(value: unknown): number | null {
  const n = typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The granular deletes (SPEC.md's delete-list): form fields `part` and, unless the whole title goes, `partId`. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const titleId = positiveId(params.id);
  const part = form.get("part") as TitlePart;
  const partId = part === "title" ? titleId : positiveId(form.get("partId"));
  if (!titleId || !PARTS.has(part) || !partId) return data({ ok: false as const, error: DELETE_FAILED, fields: {} }, { status: 400 });
  try {
    await removeFromTitle(getApp(context).db, actorFrom(context), titleId, part, partId);
    return { ok: true as const, message: "Deleted" };
  } catch (error) {
    return actionError(error);
  }
}
