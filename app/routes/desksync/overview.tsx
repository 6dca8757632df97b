import { redirect } from "react-router";
import { Avatar } from "#app/components/desksync/avatar.tsx";
import { Card, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { Failed, useDriveFailureToast } from "#app/components/desksync/files.tsx";
import { getApp } from "#app/context.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import { DRIVE_TEXT, formatBytes, legacyViewLocation } from "#app/modules/desksync/schema.ts";
import { fromDrive, loadOverview } from "#app/modules/desksync/views.server.ts";
import type { Route } from "./+types/overview";

const FEATURES = ["Drive Explorer", "Anti Download Limit", "File Recovery: restore deleted files up to 30 days"];

/** The Dashboard view: storage, account, recent activity. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Bookmarks from when every view lived on `/desksync?view=…`: each view has its own address now, for good.
  const legacy = legacyViewLocation(new URL(request.url));
  if (legacy) throw redirect(legacy, 301);
  const session = await getGoogleSession(request, context);
  if (!session) return null;
  const { email, name, picture, settings } = session.account;
  const account = { email, name, picture, username: settings.username };
  return { account, ...(await fromDrive(getApp(context).logger, () => loadOverview(session.access))) };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  useDriveFailureToast(loaderData);
  if (!loaderData) return null;
  if (loaderData.failed) return <Failed />;
  const { account, storage, recent } = loaderData;
  const percent = storage.limit ? Math.min(100, Math.round((storage.usage / storage.limit) * 100)) : 0;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={`Signed in as ${account.email}`} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Storage">
          <p className="text-2xl font-bold text-white">
            {formatBytes(storage.usage)}{" "}
            <span className="text-base font-medium text-mist-300">of {storage.limit ? formatBytes(storage.limit) : "unlimited"}</span>
          </p>
          {storage.limit && (
            <div
              className="mt-3 h-2.5 overflow-hidden rounded-full bg-white/8"
              role="meter"
              aria-label="Storage used"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="h-full rounded-full bg-accent-500" style={{ width: `${percent}%` }} />
            </div>
          )}
          {storage.limit && <p className="mt-2 text-sm text-mist-400">{percent}% used</p>}
        </Card>
        <Card title="Account">
          <div className="flex items-center gap-3">
            <Avatar name={account.username} picture={account.picture} size="md" />
            <div>
              <p className="font-semibold text-white">{account.username}</p>
              <p className="text-sm text-mist-300">{account.email}</p>
            </div>
          </div>
        </Card>
      </div>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Features">
        {FEATURES.map((b) => (
          <li key={b} className="rounded-full border border-accent-400/30 bg-accent-500/10 px-3 py-1 text-sm text-accent-300">
            {b}
          </li>
        ))}
      </ul>
      <Card title="Recent activity" className="mt-4">
        {recent.length === 0 ? (
          <EmptyState>{DRIVE_TEXT.noFiles}</EmptyState>
        ) : (
          <ul className="divide-y divide-white/8">
            {recent.map((f) => (
              <li key={f.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium text-white">{f.name}</span>
                <span className="text-sm text-mist-400">
                  {f.modifiedTime
                    ? `Modified ${new Date(f.modifiedTime).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })}`
                    : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
