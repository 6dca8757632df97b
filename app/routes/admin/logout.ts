import { data, redirect } from "react-router";
import { getApp } from "#app/context.ts";
import { LOGIN_PATH } from "#app/modules/auth/paths.ts";
import { clearedSessionCookie, deleteSession, isSecureRequest, sessionTokenFrom } from "#app/modules/auth/sessions.server.ts";
import type { Route } from "./+types/logout";

/** Ends the session (its row is deleted, so the cookie is dead even if kept). */
export async function action({ request, context }: Route.ActionArgs) {
  const token = sessionTokenFrom(request);
  if (token) await deleteSession(getApp(context).db, token);
  const headers = { "Set-Cookie": clearedSessionCookie(isSecureRequest(request)) };
  const form = await request.formData();
  // The panel's scripted logout shows a toast first; a plain form post goes straight back.
  if (form.get("via") === "fetch") return data({ ok: true }, { headers });
  return redirect(LOGIN_PATH, { headers });
}

export function loader() {
  return redirect(LOGIN_PATH);
}
