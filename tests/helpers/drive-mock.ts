import http from "node:http";
import type net from "node:net";

/** A local stand-in for the Drive v3 endpoints DeskSync uses: files.list (paging, q), files.get, about.get, permissions.create. */
export interface MockDriveFile {
  id: string;
  name: string;
  mimeType: string;
  size?: string;
  parent: string;
  modifiedTime: string;
  shared?: boolean;
  /** Only the Google user with this subject sees it (read from the bearer token); everyone when absent. */
  owner?: string;
}

export interface DriveMock {
  url: string;
  files: MockDriveFile[];
  /** Every `q` the app sent. */
  queries: string[];
  permissions: { fileId: string; body: unknown }[];
  /** When set, every call answers 500 (to see the error pages). */
  failing: boolean;
  stop(): Promise<void>;
}

const FOLDER = "application/vnd.google-apps.folder";

function matches(file: MockDriveFile, q: string): boolean {
  const parent = /'([^']+)' in parents/.exec(q);
  if (parent && file.parent !== parent[1]) return false;
  const name = /name contains '((?:[^'\\]|\\.)*)'/.exec(q);
  if (name && !file.name.toLowerCase().includes(name[1]!.replace(/\\(.)/g, "$1").toLowerCase())) return false;
  return true;
}

/** The `sub` of a JWT bearer token (the mock provider's access tokens are JWTs); null for any other token. */
function subjectOf(authorization: string): string | null {
  const payload = authorization.replace(/^Bearer /, "").split(".")[1];
  if (!payload) return null;
  try {
    const sub = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: unknown }).sub;
    return typeof sub === "string" ? sub : null;
  } catch {
    return null;
  }
}

function view(f: MockDriveFile) {
  return {
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    size: f.size,
    modifiedTime: f.modifiedTime,
    shared: f.shared ?? false,
    webViewLink: `https://drive.google.com/file/d/${f.id}/view`,
    parents: [f.parent],
  };
}

export async function startDriveMock(files: MockDriveFile[]): Promise<DriveMock> {
  const state = { files, queries: [] as string[], permissions: [] as { fileId: string; body: unknown }[], failing: false };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://mock");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? "")) return send(401, { error: { code: 401 } });
    if (state.failing) return send(500, { error: { code: 500 } });
    const subject = subjectOf(req.headers.authorization!);
    const visible = state.files.filter((f) => f.owner === undefined || f.owner === subject);
    if (url.pathname === "/drive/v3/about")
      return send(200, { storageQuota: { limit: String(15 * 1024 ** 3), usage: String(Math.round(3.2 * 1024 ** 3)) } });
    if (url.pathname === "/drive/v3/files") {
      const q = url.searchParams.get("q") ?? "";
      state.queries.push(q);
      const size = Number(url.searchParams.get("pageSize") ?? "100");
      const start = Number(url.searchParams.get("pageToken") ?? "0");
      let list = visible.filter((f) => matches(f, q));
      if (url.searchParams.get("orderBy") === "modifiedTime desc")
        list = [...list].sort((a, b) => b.modifiedTime.localeCompare(a.modifiedTime));
      else list = [...list].sort((a, b) => Number(b.mimeType === FOLDER) - Number(a.mimeType === FOLDER) || a.name.localeCompare(b.name));
      const page = list.slice(start, start + size);
      return send(200, { files: page.map(view), ...(start + size < list.length ? { nextPageToken: String(start + size) } : {}) });
    }
    const perm = /^\/drive\/v3\/files\/([\w-]+)\/permissions$/.exec(url.pathname);
    if (perm && req.method === "POST") {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        state.permissions.push({ fileId: perm[1]!, body: JSON.parse(body) as unknown });
        const file = visible.find((f) => f.id === perm[1]);
        if (file) file.shared = true;
        send(200, { id: "anyoneWithLink", type: "anyone", role: "reader" });
      });
      return;
    }
    const get = /^\/drive\/v3\/files\/([\w-]+)$/.exec(url.pathname);
    if (get) {
      const file = visible.find((f) => f.id === get[1]);
      return file ? send(200, view(file)) : send(404, { error: { code: 404 } });
    }
    send(404, { error: { code: 404 } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
