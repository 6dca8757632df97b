import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Form, href, Link, useRevalidator, useSearchParams } from "react-router";
import { Button, buttonClass, EmptyState } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import { describeMime, DRIVE_SEARCH_MAX, DRIVE_TEXT, FOLDER_MIME, formatBytes, type DriveFile } from "#app/modules/desksync/schema.ts";
import { copyText } from "#app/utils/clipboard.ts";

/** Pieces the DeskSync views share: the file list, its search and paging, and the Drive failure notices. */

/** A folder's address in the Drive view; the top of My Drive without an id. */
export function folderLink(folderId: string | null): string {
  return folderId ? `${href("/desksync/drive")}?${new URLSearchParams({ folder: folderId }).toString()}` : href("/desksync/drive");
}

/** Toasts "Failed to fetch Google Drive data" each time a view's Drive read fails. */
export function useDriveFailureToast(loaded: { failed: boolean } | null) {
  useEffect(() => {
    if (loaded?.failed) toast.error(DRIVE_TEXT.fetchFailed);
  }, [loaded]);
}

export function Failed() {
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

/** Searches the current view (a GET to its own address). */
export function SearchBox({ search }: { search: string }) {
  return (
    <Form method="get" role="search" className="mb-4 flex gap-2">
      <label htmlFor="drive-search" className="sr-only">
        Search files
      </label>
      <input
        id="drive-search"
        name="q"
        type="search"
        defaultValue={search}
        placeholder="Search files"
        maxLength={DRIVE_SEARCH_MAX}
        className={inputClass("compact")}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}

export function Paging({ first, nextPageToken }: { first: boolean; nextPageToken: string | null }) {
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

export function FileRows({ files, action }: { files: DriveFile[]; action?: (f: DriveFile) => React.ReactNode }) {
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (f: DriveFile) => {
    if (!f.webViewLink) return;
    // A refused clipboard is only logged (docs/product/spec.md section 8).
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
              <Link to={folderLink(f.id)} className="font-medium text-accent-300 hover:underline">
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
