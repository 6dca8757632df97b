import { data, href, Link, redirect } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { isSecureRequest } from "#app/modules/auth/sessions.server.ts";
import { finishLogin } from "#app/modules/desksync/login.server.ts";
import {
  clearedLoginRequestCookie,
  createGoogleSession,
  googleSessionCookie,
  loginRequestFrom,
} from "#app/modules/desksync/sessions.server.ts";
import { isAppError } from "#app/utils/errors.ts";
import type { Route } from "./+types/callback";

/**
 * Google's redirect back. The login-request cookie is cleared whatever happens, so
 * a callback URL works at most once; only a fully checked answer stores anything.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!app.google) return redirect(href("/login"));
  const secure = isSecureRequest(request);
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  headers.append("Set-Cookie", clearedLoginRequestCookie(secure));
  try {
    const login = await finishLogin(app.google, app.sessionSecret, app.publicUrl, new URL(request.url), loginRequestFrom(request, secure));
    const { token } = await createGoogleSession(app.db, app.sessionSecret, login);
    headers.append("Set-Cookie", googleSessionCookie(token, secure));
    return redirect(href("/login-success"), { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    app.logger.warn({ err: error.cause ?? error }, "google sign-in refused");
    return data({ error: error.message }, { status: error.status, headers });
  }
}

export const meta = () => [{ title: "Sign-in failed | Cinedex" }, { name: "robots", content: "noindex" }];

export default function Callback({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-red-500/30 bg-ink-900/80 p-6" role="alert">
      <h1 className="text-xl font-bold text-white">Sign-in failed</h1>
      <p className="mt-2 text-mist-300">{loaderData.error}</p>
      <Link to={href("/login")} className={`${buttonClass("primary")} mt-5`}>
        Back to sign-in
      </Link>
    </section>
  );
}
