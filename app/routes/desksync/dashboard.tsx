import { Avatar } from "#app/components/desksync/avatar.tsx";
import { useEffect, useState, useSyncExternalStore } from "react";
import toast from "react-hot-toast";
import { data, Form, Link, useFetcher, useRevalidator, useSearchParams } from "react-router";
import {
  Button,
  buttonClass,
  Card,
  ConfirmDialog,
  EmptyState,
  Field,
  inputClass,
  PageHeader,
  useConfirm,
} from "#app/components/admin/ui.tsx";
import { useDriveLogout } from "#app/components/desksync/logout.tsx";
import { NotConfigured, SignInCard } from "#app/components/desksync/notices.tsx";
import { getApp } from "#app/context.ts";
import { DriveError, getFolder, getStorage, listFiles, shareWithLink } from "#app/integrations/google/drive.server.ts";
import { getGoogleSession } from "#app/modules/desksync/guard.server.ts";
import {
  describeMime,
  DRIVE_TEXT,
  DRIVE_VIEWS,
  driveSettingsSchema,
  FOLDER_MIME,
  formatBytes,
  type DriveFile,
  type DriveView,
} from "#app/modules/desksync/schema.ts";
import { saveDriveSettings } from "#app/modules/desksync/sessions.server.ts";
import { copyText } from "#app/utils/clipboard.ts";
import { AppError } from "#app/utils/errors.ts";
import { parseOrThrow } from "#app/utils/validation.ts";
import { actionError } from "#app/utils/action.server.ts";
import type { Route } from "./+types/dashboard";

export const handle = { chrome: "admin" };
const NO_STORE = { "Cache-Control": "no-store" };

function viewFrom(url: URL): DriveView {
  const v = url.searchParams.get("view");
  return (DRIVE_VIEWS as readonly string[]).includes(v ?? "") ? (v as DriveView) : "dashboard";
}

async function loadView(view: DriveView, url: URL, access: Parameters<typeof listFiles>[0]) {
  const search = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const pageToken = url.searchParams.get("page")?.slice(0, 2000) || undefined;
  switch (view) {
    case "dashboard": {
      const [storage, recent] = await Promise.all([getStorage(access), listFiles(access, { orderBy: "recent", pageSize: 5 })]);
      return { kind: "overview" as const, view, storage, recent: recent.files };
    }
    case "drive": {
      const folderId = url.searchParams.get("folder") ?? "";
      const folder = folderId ? await getFolder(access, folderId) : null;
      const page = await listFiles(access, { search, folder: folder ? folder.id : search ? undefined : "root", pageToken });
      return { kind: "drive" as const, view, search, folder, first: !pageToken, ...page };
    }
    case "share": {
      const page = await listFiles(access, { ownedOnly: true, search, pageToken });
      return { kind: "share" as const, view, search, first: !pageToken, ...page };
    }
    default:
      return { kind: "static" as const, view };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!app.google) return data({ state: "not-configured" as const }, { headers: NO_STORE });
  const session = await getGoogleSession(request, context);
  if (!session) return data({ state: "signed-out" as const }, { headers: NO_STORE });
  const url = new URL(request.url);
  const view = viewFrom(url);
  const { name, email, picture, settings } = session.account;
  const base = { state: "signed-in" as const, profile: { name, email, picture }, settings, sharing: app.google.sharing };
  try {
    return data({ ...base, content: await loadView(view, url, session.access), failed: false }, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof DriveError)) throw error;
    app.logger.warn({ err: error }, "drive request failed");
    return data({ ...base, content: { kind: "static" as const, view }, failed: true }, { headers: NO_STORE });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  try {
    const session = await getGoogleSession(request, context);
    if (!app.google || !session) throw new AppError(401, "Please sign in with Google again.");
    const form = await request.formData();
    if (form.get("intent") === "settings") {
      const settings = parseOrThrow(driveSettingsSchema, {
        username: form.get("username"),
        theme: form.get("theme"),
        emailNotifications: form.get("emailNotifications") === "on",
        uploadNotifications: form.get("uploadNotifications") === "on",
        shareNotifications: form.get("shareNotifications") === "on",
      });
      await saveDriveSettings(app.db, session.account.id, settings);
      return { ok: true as const, message: "Settings saved successfully!" };
    }
    if (form.get("intent") === "share") {
      if (!app.google.sharing) throw new AppError(403, "Sharing is not enabled on this site.");
      try {
        const file = await shareWithLink(session.access, String(form.get("fileId") ?? ""));
        return { ok: true as const, message: "Anyone with the link can now view this file.", link: file.webViewLink, fileId: file.id };
      } catch (error) {
        if (error instanceof DriveError) throw new AppError(502, DRIVE_TEXT.fetchFailed, { cause: error });
        throw error;
      }
    }
    throw new AppError(400, "Unknown action.");
  } catch (error) {
    return actionError(error);
  }
}

export const meta = () => [{ title: "DeskSync | Cinedex" }, { name: "robots", content: "noindex" }];

const NAV: { view: DriveView; label: string }[] = [
  { view: "dashboard", label: "Dashboard" },
  { view: "drive", label: "Drive" },
  { view: "share", label: "Share" },
  { view: "upload", label: "Upload" },
  { view: "settings", label: "Settings" },
];

export default function DeskSync({ loaderData }: Route.ComponentProps) {
  // Up here: after logout the loader answers "signed-out", and the hook must outlive the signed-in view to toast.
  const logout = useDriveLogout();
  if (loaderData.state !== "signed-in") {
    return (
      <main id="main" className="min-h-dvh bg-ink-950 px-4 py-16 text-mist-100">
        {loaderData.state === "not-configured" ? <NotConfigured /> : <SignInCard />}
      </main>
    );
  }
  return <SignedIn data={loaderData} logout={logout} />;
}

const LIGHT_QUERY = "(prefers-color-scheme: light)";

/** Whether the device asks for a light theme; dark on the server, which cannot know. */
function usePrefersLight(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(LIGHT_QUERY);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(LIGHT_QUERY).matches,
    () => false,
  );
}

type SignedInData = Extract<Route.ComponentProps["loaderData"], { state: "signed-in" }>;

function SignedIn({ data: d, logout }: { data: SignedInData; logout: ReturnType<typeof useDriveLogout> }) {
  const view = d.content.view;
  const prefersLight = usePrefersLight();
  const theme = d.settings.theme === "system" ? (prefersLight ? "light" : "dark") : d.settings.theme;
  useEffect(() => {
    if (d.failed) toast.error(DRIVE_TEXT.fetchFailed);
  }, [d.failed, d.content]);
  return (
    <div data-theme={theme} className="admin-shell min-h-dvh bg-ink-950 text-mist-100 lg:flex">
      <nav
        aria-label="DeskSync"
        className="flex shrink-0 flex-col gap-1 border-b border-white/8 p-3 lg:min-h-dvh lg:w-60 lg:border-r lg:border-b-0"
      >
        <p className="px-3 py-2 text-lg font-bold text-white">DeskSync</p>
        <div className="flex flex-wrap gap-1 lg:flex-col">
          {NAV.map((item) => (
            <Link
              key={item.view}
              to={item.view === "dashboard" ? "/desksync" : `/desksync?view=${item.view}`}
              aria-current={view === item.view ? "page" : undefined}
              className={`rounded-lg px-3 py-2 text-sm font-medium ${view === item.view ? "bg-accent-500/15 text-accent-300" : "text-mist-300 hover:bg-white/6 hover:text-white"}`}
            >
              {item.label}
            </Link>
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
        {d.failed && view === "dashboard" ? <Failed /> : <ViewContent data={d} />}
      </main>
      {logout.dialog}
    </div>
  );
}

function Failed() {
  const revalidator = useRevalidator();
  return (
    <div role="alert" className="mx-auto max-w-md rounded-2xl border border-red-500/30 bg-ink-900/80 p-6 text-center">
      <h1 className="text-xl font-bold text-white">{DRIVE_TEXT.somethingWrong}</h1>
      <p className="mt-2 text-mist-300">{DRIVE_TEXT.fetchFailed}</p>
      <Button className="mt-5" onClick={() => void revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
        Try Again
      </Button>
    </div>
  );
}

function ViewContent({ data: d }: { data: SignedInData }) {
  const c = d.content;
  if (c.kind === "overview") return <Overview data={d} storage={c.storage} recent={c.recent} />;
  if (c.kind === "drive") return <DriveFiles {...c} />;
  if (c.view === "share") return <Share sharing={d.sharing} content={c.kind === "share" ? c : null} />;
  if (c.view === "settings") return <Settings data={d} />;
  if (c.view === "upload")
    return (
      <>
        <PageHeader title="Upload" />
        <EmptyState>{DRIVE_TEXT.underDevelopment}</EmptyState>
      </>
    );
  return (
    <>
      <PageHeader title={NAV.find((n) => n.view === c.view)?.label ?? "DeskSync"} />
      <EmptyState>{DRIVE_TEXT.noFiles}</EmptyState>
    </>
  );
}

function Overview({
  data: d,
  storage,
  recent,
}: {
  data: SignedInData;
  storage: { limit: number | null; usage: number };
  recent: DriveFile[];
}) {
  const percent = storage.limit ? Math.min(100, Math.round((storage.usage / storage.limit) * 100)) : 0;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={`Signed in as ${d.profile.email}`} />
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
            <Avatar name={d.settings.username} picture={d.profile.picture} size="md" />
            <div>
              <p className="font-semibold text-white">{d.settings.username}</p>
              <p className="text-sm text-mist-300">{d.profile.email}</p>
            </div>
          </div>
        </Card>
      </div>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Features">
        {["Drive Explorer", "Anti Download Limit", "File Recovery: restore deleted files up to 30 days"].map((b) => (
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

function SearchBox({ view, search }: { view: DriveView; search: string }) {
  return (
    <Form method="get" role="search" className="mb-4 flex gap-2">
      <input type="hidden" name="view" value={view} />
      <label htmlFor="drive-search" className="sr-only">
        Search files
      </label>
      <input
        id="drive-search"
        name="q"
        type="search"
        defaultValue={search}
        placeholder="Search files"
        maxLength={200}
        className={inputClass}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}

function Paging({ first, nextPageToken }: { first: boolean; nextPageToken: string | null }) {
  const [params] = useSearchParams();
  const withPage = (token: string | null) => {
    const next = new URLSearchParams(params);
    if (token) next.set("page", token);
    else next.delete("page");
    return `?${next.toString()}`;
  };
  if (first && !nextPageToken) return null;
  return (
    <nav aria-label="File pages" className="mt-4 flex gap-2">
      {!first && (
        <Link to={withPage(null)} className={buttonClass("secondary", "sm")}>
          First page
        </Link>
      )}
      {nextPageToken && (
        <Link to={withPage(nextPageToken)} className={buttonClass("secondary", "sm")}>
          Next page
        </Link>
      )}
    </nav>
  );
}

function FileRows({ files, action }: { files: DriveFile[]; action?: (f: DriveFile) => React.ReactNode }) {
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (f: DriveFile) => {
    if (!f.webViewLink) return;
    // A refused clipboard is only logged (SPEC.md section 8).
    if (await copyText(f.webViewLink)) {
      toast.success(DRIVE_TEXT.copied);
      setCopied(f.id);
    } else {
      console.warn("Copying the link to the clipboard was refused");
    }
  };
  if (files.length === 0) return <EmptyState>{DRIVE_TEXT.noFiles}</EmptyState>;
  return (
    <ul className="divide-y divide-white/8 rounded-2xl border border-white/8 bg-ink-900/80">
      {files.map((f) => (
        <li
          key={f.id}
          data-copied={copied === f.id || undefined}
          className={`flex flex-wrap items-center gap-3 px-4 py-3 transition-colors ${copied === f.id ? "bg-accent-500/15" : ""}`}
        >
          <div className="min-w-0 flex-1">
            {f.mimeType === FOLDER_MIME ? (
              <Link to={`/desksync?view=drive&folder=${encodeURIComponent(f.id)}`} className="font-medium text-accent-300 hover:underline">
                {f.name}
              </Link>
            ) : (
              <p className="font-medium break-words text-white">{f.name}</p>
            )}
            <p className="text-sm text-mist-400">
              {describeMime(f.mimeType)} · {f.size === null ? DRIVE_TEXT.unknownSize : formatBytes(f.size)}
              {f.shared ? " · Shared" : ""}
            </p>
          </div>
          {f.webViewLink ? (
            <div className="flex gap-2">
              <a href={f.webViewLink} target="_blank" rel="noreferrer noopener" className={buttonClass("secondary", "sm")}>
                View File<span className="sr-only"> {f.name}</span>
              </a>
              <Button size="sm" variant="ghost" onClick={() => void copy(f)}>
                Copy Link<span className="sr-only"> for {f.name}</span>
              </Button>
              {action?.(f)}
            </div>
          ) : (
            <span className="text-sm text-mist-400">File is unavailable</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function DriveFiles(props: {
  search: string;
  folder: { id: string; name: string; parent: string | null } | null;
  files: DriveFile[];
  nextPageToken: string | null;
  first: boolean;
}) {
  return (
    <>
      <PageHeader
        title={props.folder ? props.folder.name : "Drive"}
        subtitle={
          props.folder ? (
            <Link
              to={props.folder.parent ? `/desksync?view=drive&folder=${encodeURIComponent(props.folder.parent)}` : "/desksync?view=drive"}
              className="text-accent-300 hover:underline"
            >
              Up one folder
            </Link>
          ) : (
            "Your Google Drive files"
          )
        }
      />
      <SearchBox view="drive" search={props.search} />
      <FileRows files={props.files} />
      <Paging first={props.first} nextPageToken={props.nextPageToken} />
    </>
  );
}

function Share({
  sharing,
  content,
}: {
  sharing: boolean;
  content: { search: string; files: DriveFile[]; nextPageToken: string | null; first: boolean } | null;
}) {
  const fetcher = useFetcher<{ ok: true; message: string; link: string | null; fileId: string } | { ok: false; error: string }>();
  const confirm = useConfirm();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);
  if (!sharing) {
    return (
      <>
        <PageHeader title="Share" />
        <EmptyState>{DRIVE_TEXT.underDevelopment}</EmptyState>
        <p className="mt-3 text-sm text-mist-400">
          Creating share links needs full Drive access, which this site does not ask for; the operator can turn it on with
          GOOGLE_DRIVE_SHARING.
        </p>
      </>
    );
  }
  const shared = fetcher.data?.ok ? fetcher.data : null;
  return (
    <>
      <PageHeader title="Share" subtitle="Files you own. Create a link anyone can view." />
      {shared?.link && (
        <Card title="Share link" className="mb-4">
          <label htmlFor="share-link" className="sr-only">
            Share link
          </label>
          <input id="share-link" readOnly value={shared.link} className={inputClass} onFocus={(e) => e.currentTarget.select()} />
        </Card>
      )}
      {content && (
        <>
          <SearchBox view="share" search={content.search} />
          <FileRows
            files={content.files}
            action={(f) => (
              <Button
                size="sm"
                onClick={() => confirm.ask(() => void fetcher.submit({ intent: "share", fileId: f.id }, { method: "post" }))}
                disabled={fetcher.state !== "idle"}
              >
                Create link<span className="sr-only"> for {f.name}</span>
              </Button>
            )}
          />
          <Paging first={content.first} nextPageToken={content.nextPageToken} />
        </>
      )}
      <ConfirmDialog
        {...confirm.dialogProps}
        message="Anyone with the link will be able to view this file. Create the link?"
        confirmLabel="Create link"
      />
    </>
  );
}

function Settings({ data: d }: { data: SignedInData }) {
  const fetcher = useFetcher<{ ok: true; message: string } | { ok: false; error: string; fields?: Record<string, string[]> }>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);
  const fields = fetcher.data && !fetcher.data.ok ? fetcher.data.fields : undefined;
  const s = d.settings;
  return (
    <>
      <PageHeader title="Settings" />
      <fetcher.Form method="post" className="max-w-xl space-y-5">
        <input type="hidden" name="intent" value="settings" />
        <Card title="Profile">
          <div className="space-y-4">
            <Field label="Username" error={fields?.username}>
              {(p) => <input {...p} name="username" defaultValue={s.username} maxLength={60} required className={inputClass} />}
            </Field>
            <Field label="E-mail">{(p) => <input {...p} value={d.profile.email} readOnly className={inputClass} />}</Field>
            <p className="text-sm text-mist-400">Your password is managed by Google, so there is no password to change here.</p>
          </div>
        </Card>
        <Card title="Appearance">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-mist-100">Theme</legend>
            <div className="flex gap-4">
              {(["dark", "light", "system"] as const).map((t) => (
                <label key={t} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="theme" value={t} defaultChecked={s.theme === t} />
                  {t === "dark" ? "Dark" : t === "light" ? "Light" : "System"}
                </label>
              ))}
            </div>
          </fieldset>
        </Card>
        <Card title="Notifications">
          <div className="space-y-3">
            {(
              [
                ["emailNotifications", "E-mail notifications", s.emailNotifications],
                ["uploadNotifications", "File upload notifications", s.uploadNotifications],
                ["shareNotifications", "Share activity notifications", s.shareNotifications],
              ] as const
            ).map(([name, label, on]) => (
              <label key={name} className="flex items-center justify-between gap-3 text-sm">
                {label}
                <input type="checkbox" role="switch" name={name} defaultChecked={on} className="h-5 w-5" />
              </label>
            ))}
          </div>
        </Card>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Save settings
        </Button>
      </fetcher.Form>
    </>
  );
}
