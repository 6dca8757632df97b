import http from "node:http";
import type { AddressInfo } from "node:net";
import type net from "node:net";

/**
 * Stand-ins for third-party file hosts on loopback, one behaviour per path, for the
 * link checker's tests and benchmark. Reach them only with
 * allowLoopbackPortsForTests([host.port]).
 */
export interface LinkHost {
  origin: string;
  port: number;
  /** Every request as "METHOD path", in order. */
  requests: string[];
  close(): Promise<void>;
}

const FILE = Buffer.alloc(4096, 1);

function handle(origin: () => string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://host");
  const path = url.pathname;
  const head = req.method === "HEAD";
  const file = (status = 200, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { "Content-Type": "video/x-matroska", "Content-Length": FILE.length, ...headers });
    res.end(head ? undefined : FILE);
  };
  const page = (status: number, html: string) => {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
    res.end(head ? undefined : html);
  };
  let match: RegExpExecArray | null;
  if (path.startsWith("/ok")) return file();
  if (path === "/404") return page(404, "<title>Not Found</title>");
  if (path === "/410") return page(410, "<title>Gone</title>");
  if (path === "/500") return page(500, "<title>Server error</title>");
  if (path === "/429") {
    res.writeHead(429, { "Retry-After": url.searchParams.get("after") ?? "120" });
    return void res.end();
  }
  if (path === "/403") return page(403, "<title>Forbidden</title>");
  // Headers never come.
  if (path === "/hang") return;
  // HEAD refused; the GET's headers come at once, then the body trickles a byte a second.
  if (path === "/slow-body") {
    if (head) return void res.writeHead(405).end();
    res.writeHead(200, { "Content-Type": "text/html" });
    res.write("<html><head>");
    const timer = setInterval(() => res.write(" "), 1000);
    res.on("close", () => clearInterval(timer));
    return;
  }
  // HEAD refused, a ranged GET answered with 206.
  if (path === "/head-refused") {
    if (head) return void res.writeHead(405).end();
    res.writeHead(206, { "Content-Type": "video/mp4", "Content-Range": `bytes 0-1023/734003200`, "Content-Length": 1024 });
    return void res.end(FILE.subarray(0, 1024));
  }
  if (path === "/page")
    return page(200, "<html><head><title>Night of the Living Dead : Free Download</title></head><body>Files</body></html>");
  if (path === "/soft-404") {
    return page(200, "<html><head><title>File not found - Example Host</title></head><body>Sorry, this file does not exist.</body></html>");
  }
  if (path === "/archive-missing") {
    return page(
      200,
      "<html><head><title>Internet Archive: Digital Library</title></head><body><h1>Item cannot be found.</h1></body></html>",
    );
  }
  if ((match = /^\/redirect\/(\d+)$/.exec(path))) {
    const n = Number(match[1]);
    res.writeHead(302, { Location: n > 1 ? `/redirect/${n - 1}` : "/ok/after-redirects" });
    return void res.end();
  }
  if (path === "/redirect-to") {
    res.writeHead(301, { Location: url.searchParams.get("to") ?? origin() });
    return void res.end();
  }
  if (path === "/reset") return void req.socket.destroy();
  // The bench's "every path is a file".
  return file();
}

export async function startLinkHost(): Promise<LinkHost> {
  const requests: string[] = [];
  const sockets = new Set<net.Socket>();
  let origin = "";
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handle(() => origin, req, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A listener that only counts connections: a refused target must never reach it. */
export async function startConnectionCounter(host: string): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let count = 0;
  const server = http.createServer((_req, res) => res.end("reached"));
  server.on("connection", () => count++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connections: () => count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
