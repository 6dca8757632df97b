import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FileHost {
  origin: string;
  /** Requests the host received, with their headers. */
  requests: { url: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** A stand-in for a third-party file host on loopback: every path answers with a small text file. */
export async function startFileHost(): Promise<FileHost> {
  const requests: FileHost["requests"] = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? "", headers: req.headers });
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
    res.end(`Test file host: ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
