import { Avatar } from "#app/components/desksync/avatar.tsx";
import { Suspense } from "react";
import { Await, href, Link } from "react-router";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { useDriveLogout } from "#app/components/desksync/logout.tsx";
import { NotConfigured, SignInCard } from "#app/components/desksync/notices.tsx";
import { getApp } from "#app/context.ts";
import { listFiles } from "#app/integrations/google/drive.server.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import { DRIVE_TEXT, type DriveFile } from "#app/modules/desksync/schema.ts";
import type { Route } from "./+types/login-success";

/** The spec's `?token=` is ignored: the session cookie alone says who this is. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!app.google) return { state: "not-configured" as const };
  const session = await getGoogleSession(request, context);
  if (!session) return { state: "signed-out" as const };
  // Streamed, so the page says "Loading..." until Drive answers.
  const files: Promise<{ files: DriveFile[] } | { error: string }> = listFiles(session.access, { orderBy: "name" }).then(
    (page) => ({ files: page.files }),
    (error: unknown) => {
      app.logger.warn({ err: error }, "drive files failed");
      return { error: DRIVE_TEXT.fetchFailed };
    },
  );
  const { name, email, picture } = session.account;
  return { state: "signed-in" as const, profile: { name, email, picture }, files };
}

export const meta = () => [{ title: "Welcome | Cinedex DeskSync" }, { name: "robots", content: "noindex" }];

export default function LoginSuccess({ loaderData }: Route.ComponentProps) {
  const logout = useDriveLogout();
  if (loaderData.state === "not-configured") return <NotConfigured />;
  if (loaderData.state === "signed-out") return <SignInCard />;
  const { profile, files } = loaderData;
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-white/8 bg-ink-900/80 p-6">
        <Avatar name={profile.name} picture={profile.picture} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-white">Welcome, {profile.name}!</h1>
          <p className="text-mist-300">{profile.email}</p>
        </div>
        <div className="flex gap-2">
          <Link to={href("/desksync")} className={buttonClass("primary", "sm")}>
            Open dashboard
          </Link>
          <button type="button" className={buttonClass("secondary", "sm")} onClick={logout.ask}>
            Logout
          </button>
        </div>
      </div>
      <div className="rounded-2xl border border-white/8 bg-ink-900/80 p-6">
        <h2 className="mb-3 text-lg font-semibold text-white">Your Google Drive files</h2>
        <Suspense fallback={<p className="text-mist-300">Loading...</p>}>
          <Await resolve={files}>
            {(result) =>
              "error" in result ? (
                <p role="alert" className="text-red-300">
                  {result.error}
                </p>
              ) : result.files.length === 0 ? (
                <p className="text-mist-300">{DRIVE_TEXT.noFilesLogin}</p>
              ) : (
                <ul className="divide-y divide-white/8">
                  {result.files.map((f) => (
                    <li key={f.id} className="flex flex-wrap justify-between gap-2 py-2">
                      <span className="font-medium text-white">{f.name}</span>
                      <span className="text-sm text-mist-400">{f.mimeType}</span>
                    </li>
                  ))}
                </ul>
              )
            }
          </Await>
        </Suspense>
      </div>
      {logout.dialog}
    </section>
  );
}
