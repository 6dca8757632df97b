import { href, Link } from "react-router";
import { InboxCard, TopRequested } from "#app/components/admin/overview-cards.tsx";
import { ActivityList, toActivityItem } from "#app/components/admin/activity-list.tsx";
import { DonutChart } from "#app/components/admin/donut-chart.tsx";
import { formatCount } from "#app/utils/format.ts";
import { StatCard, StatGrid } from "#app/components/admin/stat-card.tsx";
import { Card, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { ChartIcon, ExternalIcon, FilmIcon, PlusIcon, TvIcon } from "#app/components/ui/icons.tsx";
import { getApp } from "#app/context.ts";
import { countRecentClicks } from "#app/modules/analytics/analytics.server.ts";
import { OVERVIEW_CLICK_DAYS } from "#app/modules/analytics/windows.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { getAdminSession } from "#app/http/admin-guard.server.ts";
import { getCatalogueStats } from "#app/modules/catalogue/admin-read.server.ts";
import { countNeverChecked } from "#app/modules/linkhealth/admin.server.ts";
import { linkHealthHint } from "#app/modules/linkhealth/messages.ts";
import { getInboxSummary } from "#app/modules/inbox/inbox.server.ts";
import type { Route } from "./+types/overview";
import { adminAddPath } from "#app/modules/catalogue/admin-form.ts";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

/** How many audit entries the overview shows; the Activity page has the rest. */
const RECENT_ACTIVITY = 8;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const { admin } = getAdminSession(context);
  const now = new Date();
  const [stats, neverChecked, clicks, activity, inbox] = await Promise.all([
    getCatalogueStats(db, now),
    countNeverChecked(db),
    countRecentClicks(db, OVERVIEW_CLICK_DAYS, now),
    listAudit(db, { perPage: RECENT_ACTIVITY }),
    getInboxSummary(db),
  ]);
  const { linkChecks = true } = getApp(context);
  const linkHint = linkHealthHint(
    { broken: stats.brokenLinks, disabled: stats.disabledLinks, neverChecked, checksOn: linkChecks },
    formatCount,
  );
  return { name: admin.name, stats, linkHint, clicks, activity: activity.items.map(toActivityItem), inbox, now: now.getTime() };
}

export function meta() {
  return [{ title: "Overview | Cinedex Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { name, stats, linkHint, clicks, activity, inbox, now } = loaderData;
  return (
    <>
      <PageHeader title={`Welcome back, ${name}!`} subtitle="Here is how the catalogue is doing." />

      <StatGrid label="Catalogue figures">
        <StatCard label="Movies" value={formatCount(stats.movies)} href={href("/dashboard/movies")} icon={<FilmIcon size={18} />} />
        <StatCard label="TV Shows" value={formatCount(stats.tvShows)} href={href("/dashboard/tv")} icon={<TvIcon size={18} />} />
        <StatCard
          label="Download links"
          value={formatCount(stats.links)}
          hint={linkHint}
          tone={stats.brokenLinks + stats.disabledLinks > 0 ? "warning" : "default"}
          href={href("/dashboard/link-health")}
          icon={<ExternalIcon size={18} />}
        />
        <StatCard
          label="Added this week"
          value={formatCount(stats.addedThisWeek)}
          hint="Titles added in the last 7 days"
          icon={<PlusIcon size={18} />}
        />
        <StatCard
          label="Out-link clicks"
          value={formatCount(clicks)}
          hint={`In the last ${OVERVIEW_CLICK_DAYS} days`}
          href={href("/dashboard/analytics")}
          icon={<ChartIcon size={18} />}
        />
      </StatGrid>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card
          title="Recent activity"
          className="lg:col-span-2"
          action={
            <Link to={href("/dashboard/activity")} className="text-sm font-semibold text-accent-300 hover:text-accent-400">
              View all <span className="sr-only">activity</span>
            </Link>
          }
        >
          {activity.length ? (
            <ActivityList items={activity} now={now} label="Recent activity" />
          ) : (
            <EmptyState>No activity yet.</EmptyState>
          )}
        </Card>

        {/* The side column holds the short summary cards; further ones (the inbox) stack here. */}
        <div className="space-y-6">
          <InboxCard inbox={inbox} />
          <TopRequested inbox={inbox} />
          <Card title="Catalogue">
            <DonutChart
              title="What the catalogue is made of"
              centerLabel="titles"
              segments={[
                { label: "Movies", value: stats.movies, stroke: "stroke-accent-500", swatch: "bg-accent-500" },
                { label: "TV Shows", value: stats.tvShows, stroke: "stroke-emerald-500", swatch: "bg-emerald-500" },
                { label: "Other", value: stats.other, stroke: "stroke-mist-400", swatch: "bg-mist-400" },
              ]}
            />
          </Card>
          <Card title="Quick actions">
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
              <Link
                to={adminAddPath("movie")}
                className="flex items-center gap-3 rounded-xl border border-white/8 bg-white/3 p-3 text-sm font-semibold text-white hover:border-accent-400/50 hover:bg-accent-500/10"
              >
                <FilmIcon size={18} className="text-accent-300" /> Add a movie
              </Link>
              <Link
                to={adminAddPath("tv")}
                className="flex items-center gap-3 rounded-xl border border-white/8 bg-white/3 p-3 text-sm font-semibold text-white hover:border-accent-400/50 hover:bg-accent-500/10"
              >
                <TvIcon size={18} className="text-accent-300" /> Add a TV show
              </Link>
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}
