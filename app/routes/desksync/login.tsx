import { href, redirect } from "react-router";
import { NotConfigured, SignInCard } from "#app/components/desksync/notices.tsx";
import { getApp } from "#app/context.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!app.google) return { configured: false };
  // Signed in already: straight to the dashboard (docs/product/spec.md section 4, "Login").
  if (await getGoogleSession(request, context)) return redirect(href("/desksync"));
  return { configured: true };
}

export const meta = () => [{ title: "Login with Google | Cinedex" }, { name: "robots", content: "noindex" }];

export default function Login({ loaderData }: Route.ComponentProps) {
  return loaderData.configured ? <SignInCard /> : <NotConfigured />;
}
