import { data, redirect } from "react-router";
import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { LOGIN_PATH } from "#app/modules/auth/paths.ts";
import { LOGGED_OUT } from "#app/modules/auth/schema.ts";
import { clearedSessionCookie, deleteSession, isSecureRequest, sessionTokenFrom } from "#app/modules/auth/sessions.server.ts";
import { failure, parseSubmission } from "#app/http/form.server.ts";
import type { Route } from "./+types/logout";

/** The panel's scripted logout posts `via=fetch` and shows a toast first; a plain form post goes straight back. */
const logoutSchema = z.object({ via: z.string().max(20).optional() });

/** Ends the session (its row is deleted, so the cookie is dead even if kept). An unreadable body ends nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseSubmission(request, logoutSchema);
  if (!parsed.ok) return failure(parsed.status, parsed.failure.error);
  const token = sessionTokenFrom(request);
  if (token) await deleteSession(getApp(context).db, token);
  const headers = { "Set-Cookie": clearedSessionCookie(isSecureRequest(request)) };
  if (parsed.data.via === "fetch") return data({ ok: true as const, message: LOGGED_OUT }, { headers });
  return redirect(LOGIN_PATH, { headers });
}

export function loader() {
  return redirect(LOGIN_PATH);
}
