import { DRIVE_ID, FOLDER_MIME, type DriveFile } from "./types.ts";

/**
 * The Drive v3 half of the Google client (docs/decisions/020-google-integration.md),
 * called with the signed-in visitor's own access token.
 *
 * - Timeout and size: every call gives up after DRIVE_TIMEOUT_MS, refuses answers over
 *   MAX_RESPONSE_BYTES and redirects.
 * - Cache: none. Answers belong to one person and change as they use Drive; the
 *   discovery document is the only thing cached (oauth.server.ts).
 * - Failure policy: every failure (network, timeout, status, malformed answer) is a
 *   DriveError; no retries. Pages show "Failed to fetch Google Drive data" with a way
 *   to try again, actions answer 502 with the same text.
 */

export { DRIVE_ID };

const DRIVE_TIMEOUT_MS = 5000;
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
export const DRIVE_PAGE_SIZE = 20;
const FILE_FIELDS = "id,name,mimeType,size,webViewLink,modifiedTime,shared";

/** A Drive call that failed; `unauthorized` when the access token was refused. */
export class DriveError extends Error {
  readonly unauthorized: boolean;
  constructor(message: string, unauthorized = false) {
    super(message);
    this.name = "DriveError";
    this.unauthorized = unauthorized;
  }
}

export interface DriveAccess {
  apiUrl: string;
  accessToken: string;
}

async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_RESPONSE_BYTES) throw new DriveError("Drive response too large");
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new DriveError("Drive response too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function call(
  access: DriveAccess,
  path: string,
  init: { method?: string; query?: Record<string, string | undefined>; body?: unknown } = {},
): Promise<unknown> {
  const url = new URL(`${access.apiUrl}${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined && v !== "") url.searchParams.set(k, v);
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      headers: {
        Authorization: `Bearer ${access.accessToken}`,
        Accept: "application/json",
        ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      redirect: "error",
      signal: AbortSignal.timeout(DRIVE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new DriveError(`Drive request failed: ${(error as Error).message}`);
  }
  const text = await readLimited(response);
  if (!response.ok) throw new DriveError(`Drive answered ${response.status}`, response.status === 401);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DriveError("Drive answered with malformed JSON");
  }
}

/** Text inside a Drive `q` string literal: backslashes and quotes escaped. */
export function escapeQueryText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
}

function toFile(raw: unknown): DriveFile | null {
  if (!raw || typeof raw !== "object") return null;
  const f = raw as Record<string, unknown>;
  if (typeof f.id !== "string" || typeof f.name !== "string") return null;
  const size = typeof f.size === "string" || typeof f.size === "number" ? Number(f.size) : NaN;
  const link = typeof f.webViewLink === "string" && /^https?:\/\//.test(f.webViewLink) ? f.webViewLink : null;
  return {
    id: f.id,
    name: f.name,
    mimeType: typeof f.mimeType === "string" ? f.mimeType : "application/octet-stream",
    size: Number.isFinite(size) ? size : null,
    webViewLink: link,
    modifiedTime: typeof f.modifiedTime === "string" ? f.modifiedTime : null,
    shared: f.shared === true,
  };
}

export interface FileQuery {
  search?: string;
  /** A folder id, or "root". */
  folder?: string;
  pageToken?: string;
  orderBy?: "name" | "recent";
  /** Only files the user owns (those they can share). */
  ownedOnly?: boolean;
  pageSize?: number;
}

export function buildFilesQuery(query: FileQuery): string {
  const parts = ["trashed = false"];
  if (query.folder && (query.folder === "root" || DRIVE_ID.test(query.folder))) parts.push(`'${query.folder}' in parents`);
  if (query.search?.trim()) parts.push(`name contains '${escapeQueryText(query.search.trim())}'`);
  if (query.ownedOnly) parts.push("'me' in owners");
  return parts.join(" and ");
}

export async function listFiles(access: DriveAccess, query: FileQuery): Promise<{ files: DriveFile[]; nextPageToken: string | null }> {
  const body = (await call(access, "/drive/v3/files", {
    query: {
      q: buildFilesQuery(query),
      pageSize: String(query.pageSize ?? DRIVE_PAGE_SIZE),
      pageToken: query.pageToken,
      orderBy: query.orderBy === "recent" ? "modifiedTime desc" : "folder,name",
      fields: `nextPageToken,files(${FILE_FIELDS})`,
      spaces: "drive",
    },
  })) as { files?: unknown[]; nextPageToken?: unknown };
  const files = (Array.isArray(body.files) ? body.files : []).map(toFile).filter((f): f is DriveFile => f !== null);
  return { files, nextPageToken: typeof body.nextPageToken === "string" && body.nextPageToken.length <= 2000 ? body.nextPageToken : null };
}

export async function getFolder(access: DriveAccess, id: string): Promise<{ id: string; name: string; parent: string | null } | null> {
  if (!DRIVE_ID.test(id)) return null;
  const raw = (await call(access, `/drive/v3/files/${id}`, { query: { fields: "id,name,mimeType,parents" } })) as Record<string, unknown>;
  if (raw.mimeType !== FOLDER_MIME || typeof raw.name !== "string") return null;
  const parents = Array.isArray(raw.parents) ? raw.parents.filter((p): p is string => typeof p === "string") : [];
  return { id, name: raw.name, parent: parents[0] ?? null };
}

export interface StorageQuota {
  /** Null: unlimited (some Workspace accounts). */
  limit: number | null;
  usage: number;
}

export async function getStorage(access: DriveAccess): Promise<StorageQuota> {
  const body = (await call(access, "/drive/v3/about", { query: { fields: "storageQuota" } })) as { storageQuota?: Record<string, unknown> };
  const quota = body.storageQuota ?? {};
  const limit = Number(quota.limit);
  const usage = Number(quota.usage);
  return { limit: Number.isFinite(limit) && limit > 0 ? limit : null, usage: Number.isFinite(usage) ? usage : 0 };
}

/** Makes a file readable by anyone with its link; returns the file with its link. */
export async function shareWithLink(access: DriveAccess, id: string): Promise<DriveFile> {
  if (!DRIVE_ID.test(id)) throw new DriveError("Invalid file id");
  await call(access, `/drive/v3/files/${id}/permissions`, { method: "POST", body: { role: "reader", type: "anyone" } });
  const file = toFile(await call(access, `/drive/v3/files/${id}`, { query: { fields: FILE_FIELDS } }));
  if (!file) throw new DriveError("Drive answered without the file");
  return file;
}
