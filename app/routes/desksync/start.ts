import { data, href, redirect } from "react-router";
import { getApp } from "#app/context.ts";
import { isSecureRequest } from "#app/modules/auth/sessions.server.ts";
import { LOGIN_REQUEST_MAX_AGE_S, startLogin } from "#app/modules/desksync/login.server.ts";
import { loginRequestCookie } from "#app/modules/desksync/sessions.server.ts";
import type { Route } from "./+types/start";

/** "Sign in with Google": binds a fresh state, PKCE verifier and nonce to this browser, then sends it to Google. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!app.google) return redirect(href("/login"));
  try {
    const { url, sealed } = await startLogin(app.google, app.sessionSecret, app.publicUrl);
    return redirect(url, {
      headers: { "Set-Cookie": loginRequestCookie(sealed, isSecureRequest(request), LOGIN_REQUEST_MAX_AGE_S), "Cache-Control": "no-store" },
    });
  } catch (error) {
    app.logger.warn({ err: error }, "google discovery failed");
    throw data("Google sign-in is unavailable right now. Please try again later.", { status: 502 });
  }
}
