import { Link, NavLink, Outlet } from "react-router";
import { useDriveLogout } from "#app/components/desksync/logout.tsx";
import { NotConfigured } from "#app/components/desksync/notices.tsx";
import { SignInPage, usePrefersLight } from "#app/components/desksync/sign-in-page.tsx";
import { scopesFor } from "#app/integrations/google/oauth.server.ts";
import { getApp } from "#app/context.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import { DRIVE_VIEW_PATHS, type DriveView } from "#app/modules/desksync/schema.ts";
import type { Route } from "./+types/layout";

/**
 * The DeskSync dashboard's frame (docs/product/spec.md "Drive screens"): the sidebar, the theme and
 * Logout. Each view and each form is a route of its own below it (app/routes.ts);
 * signed out or unconfigured, the frame shows the sign-in notice instead.
 */

export const handle = { chrome: "admin" };

/** Drive data is one person's: never kept by a browser or a proxy (the views inherit this). */
export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!app.google) return { state: "not-configured" as const };
  const session = await getGoogleSession(request, context);
  if (!session) return { state: "signed-out" as const, scopes: scopesFor(app.google).split(" ") };
  const { name, email, picture, settings } = session.account;
  return { state: "signed-in" as const, profile: { name, email, picture }, settings };
}

export const meta = () => [{ title: "DeskSync | Cinedex" }, { name: "robots", content: "noindex" }];

const NAV: { view: DriveView; label: string }[] = [
  { view: "dashboard", label: "Dashboard" },
  { view: "drive", label: "Drive" },
  { view: "share", label: "Share" },
  { view: "upload", label: "Upload" },
  { view: "settings", label: "Settings" },
];

export default function DeskSyncLayout({ loaderData }: Route.ComponentProps) {
  // Up here: after logout the loader answers "signed-out", and the hook must outlive the signed-in frame to toast.
  const logout = useDriveLogout();
  const prefersLight = usePrefersLight();
  if (loaderData.state === "signed-out") return <SignInPage scopes={loaderData.scopes} />;
  if (loaderData.state === "not-configured") {
    return (
      <main id="main" className="min-h-dvh bg-ink-950 px-4 py-16 text-mist-100">
        <NotConfigured />
      </main>
    );
  }
  const chosen = loaderData.settings.theme;
  const theme = chosen === "system" ? (prefersLight ? "light" : "dark") : chosen;
  return (
    <div data-theme={theme} className="admin-shell min-h-dvh bg-ink-950 text-mist-100 lg:flex">
      <nav
        aria-label="DeskSync"
        className="flex shrink-0 flex-col gap-1 border-b border-white/8 p-3 lg:min-h-dvh lg:w-60 lg:border-r lg:border-b-0"
      >
        <p className="px-3 py-2 text-lg font-bold text-white">DeskSync</p>
        <div className="flex flex-wrap gap-1 lg:flex-col">
          {NAV.map((item) => (
            <NavLink
              key={item.view}
              to={DRIVE_VIEW_PATHS[item.view]}
              end
              className={({ isActive }) =>
                `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-accent-500/15 text-accent-300" : "text-mist-300 hover:bg-white/6 hover:text-white"}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </div>
        <div className="mt-auto flex flex-wrap gap-1 border-white/8 pt-3 lg:flex-col lg:border-t">
          <Link to="/" className="rounded-lg px-3 py-2 text-sm text-mist-300 hover:bg-white/6 hover:text-white">
            View site
          </Link>
          <button
            type="button"
            onClick={logout.ask}
            className="rounded-lg px-3 py-2 text-left text-sm text-mist-300 hover:bg-red-500/10 hover:text-red-300"
          >
            Logout
          </button>
        </div>
      </nav>
      <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <Outlet />
      </main>
      {logout.dialog}
    </div>
  );
}
