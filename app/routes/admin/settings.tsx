import { href, Outlet, redirect } from "react-router";
import { SettingsTabs, tabPath } from "#app/components/admin/settings/tabs.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { getAdminSession } from "#app/http/admin-guard.server.ts";
import type { Route } from "./+types/settings";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

/**
 * Settings: the header and the sections here; each section is a route below with
 * its loader, its form and its action (a section with two forms has a second route
 * for the other one).
 */

export function meta() {
  return [{ title: "Settings | Cinedex admin" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = getAdminSession(context);
  const url = new URL(request.url);
  // The sections had `?tab=` addresses before they had paths of their own: old links still land.
  const moved = tabPath(url.searchParams.get("tab"));
  if (moved && url.pathname.replace(/\/$/, "") === href("/dashboard/settings")) {
    throw redirect(url.searchParams.has("edit") && moved === href("/dashboard/settings") ? `${moved}?edit=1` : moved);
  }
  return { role: admin.role };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { role } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Settings"
        subtitle={`Your profile, how the panel looks, your password and sessions${role === "admin" ? ", the public site's settings and operator notifications" : ""}.`}
      />
      <div className="lg:grid lg:grid-cols-[12rem_1fr] lg:gap-8">
        <SettingsTabs role={role} />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
