import type { Logger } from "pino";
import { DriveError, getFolder, getStorage, listFiles, shareWithLink, type DriveAccess } from "#app/integrations/google/drive.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { DRIVE_PAGE_TOKEN_MAX, DRIVE_SEARCH_MAX, DRIVE_TEXT, type DriveFile } from "./schema.ts";

/**
 * What each DeskSync view shows, read from Drive with the visitor's own token. A
 * Drive failure is not an error page: the view answers `failed` and says so
 * (DRIVE_TEXT.fetchFailed) with a way to try again.
 */

export type Loaded<T> = ({ failed: false } & T) | { failed: true };

/** Runs a Drive read; a DriveError is logged and becomes `{ failed: true }`, anything else is a bug. */
export async function fromDrive<T extends object>(logger: Logger, read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { failed: false, ...(await read()) };
  } catch (error) {
    if (!(error instanceof DriveError)) throw error;
    logger.warn({ err: error }, "drive request failed");
    return { failed: true };
  }
}

/** The search text and page token of a file list's address, bounded. */
export function listQuery(url: URL): { search: string; pageToken: string | undefined } {
  return {
    search: url.searchParams.get("q")?.slice(0, DRIVE_SEARCH_MAX) ?? "",
    pageToken: url.searchParams.get("page")?.slice(0, DRIVE_PAGE_TOKEN_MAX) || undefined,
  };
}

export async function loadOverview(access: DriveAccess) {
  const [storage, recent] = await Promise.all([getStorage(access), listFiles(access, { orderBy: "recent", pageSize: 5 })]);
  return { storage, recent: recent.files };
}

/** A folder's files (the top of My Drive without one), or a search across the whole Drive. */
export async function loadDriveFiles(access: DriveAccess, url: URL) {
  const { search, pageToken } = listQuery(url);
  const folderId = url.searchParams.get("folder") ?? "";
  const folder = folderId ? await getFolder(access, folderId) : null;
  const page = await listFiles(access, { search, folder: folder ? folder.id : search ? undefined : "root", pageToken });
  return { search, folder, first: !pageToken, ...page };
}

/** Files the visitor owns, the only ones they can share. */
export async function loadShareableFiles(access: DriveAccess, url: URL) {
  const { search, pageToken } = listQuery(url);
  const page = await listFiles(access, { ownedOnly: true, search, pageToken });
  return { search, first: !pageToken, ...page };
}

/** Makes a file readable by anyone with its link; a Drive failure is a 502 with the spec's text. */
export async function createShareLink(access: DriveAccess, fileId: string): Promise<DriveFile> {
  try {
    return await shareWithLink(access, fileId);
  } catch (error) {
    if (error instanceof DriveError) throw new AppError(502, DRIVE_TEXT.fetchFailed, { cause: error });
    throw error;
  }
}
