import { data } from "react-router";
import { getApp } from "#app/context.ts";
import { isSecureRequest } from "#app/modules/auth/sessions.server.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import { revokeTokens } from "#app/integrations/google/oauth.server.ts";
import { clearedGoogleSessionCookie, deleteGoogleSession } from "#app/modules/desksync/sessions.server.ts";
import type { Route } from "./+types/logout";

/** Revokes the grant at Google and ends the session; the cookie goes either way. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await getGoogleSession(request, context);
  if (session && app.google) {
    if (!(await revokeTokens(app.google, session.tokens))) app.logger.warn("google token revocation failed");
    await deleteGoogleSession(app.db, session.id);
  }
  return data(
    { ok: true },
    { headers: { "Set-Cookie": clearedGoogleSessionCookie(isSecureRequest(request)), "Cache-Control": "no-store" } },
  );
}

export function loader() {
  throw data("Method Not Allowed", { status: 405 });
}
