import { Outlet } from "react-router";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { getAdminSession } from "#app/http/admin-guard.server.ts";
import {
  getLinkHealthOverview,
  LINK_HEALTH_VIEWS,
  type LinkHealthScreenData,
  type LinkHealthView,
} from "#app/modules/linkhealth/admin.server.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { parsePage } from "#app/utils/pagination.ts";
import type { Route } from "./+types/link-health";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

/**
 * The Link health screen (ADR 029): what the link checker found. Each form (check
 * everything, settings, check a title) posts to a route of its own below, which
 * shows its answer; a link's page with its history is /dashboard/link-health/links/:id.
 */

export function meta() {
  return [{ title: "Link health | Cinedex Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<LinkHealthScreenData> {
  const { db } = getApp(context);
  const { admin } = getAdminSession(context);
  const url = new URL(request.url);
  const viewParam = url.searchParams.get("view");
  // Without a (known) view, the module picks the first one that lists something.
  const view = LINK_HEALTH_VIEWS.includes(viewParam as LinkHealthView) ? (viewParam as LinkHealthView) : undefined;
  const host = url.searchParams.get("host")?.slice(0, 300) || null;
  const { page } = parsePage(url.searchParams.get("page"));
  const [overview, settings] = await Promise.all([getLinkHealthOverview(db, { view, host, page }), getSettings(db)]);
  const { linkChecks = true } = getApp(context);
  return {
    overview,
    settings: settings.linkHealth,
    canChangeSettings: admin.role === "admin",
    scheduledChecks: linkChecks,
    now: Date.now(),
  };
}

export default function LinkHealth() {
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Link health"
        subtitle="The link checker asks every download link's host whether the file is still there. Links that fail twice in a row are marked broken and reported in the inbox."
      />
      <Outlet />
    </div>
  );
}
