import { href, redirect } from "react-router";
import { NotConfigured } from "#app/components/desksync/notices.tsx";
import { SignInPage } from "#app/components/desksync/sign-in-page.tsx";
import { getApp } from "#app/context.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import { scopesFor } from "#app/integrations/google/oauth.server.ts";
import type { Route } from "./+types/login";

/** A page of its own, in DeskSync's frame, not the catalogue's. */
export const handle = { chrome: "admin" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!app.google) return { configured: false as const };
  // Signed in already: straight to the dashboard (docs/product/spec.md section 4, "Login").
  if (await getGoogleSession(request, context)) return redirect(href("/desksync"));
  // The page says what access is asked for: the scopes the sign-in really requests.
  return { configured: true as const, scopes: scopesFor(app.google).split(" ") };
}

export const meta = () => [{ title: "Sign in with Google | Cinedex DeskSync" }, { name: "robots", content: "noindex" }];

export default function Login({ loaderData }: Route.ComponentProps) {
  if (loaderData.configured) return <SignInPage scopes={loaderData.scopes} />;
  return (
    <main id="main" className="min-h-dvh bg-ink-950 px-4 py-16 text-mist-100">
      <NotConfigured />
    </main>
  );
}
