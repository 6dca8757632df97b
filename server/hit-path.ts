import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Logger } from "pino";
import { answerEntry, chooseEncoding, type CachedPage, type KeySource } from "./page-cache.ts";
import { hostProblem } from "./request-target.ts";
import { HSTS_HEADER } from "./security.ts";

/*
 * The page cache's hit path (ADR 014): a GET or HEAD whose page the cache holds at
 * the current content version is answered before Express, with the headers the full
 * pipeline sent when it served that page (security headers, the CSP with the page's
 * script hashes, caching), replayed. Per request it still does what the pipeline does
 * for a hit: a request id, the access log line, the metrics and the page-view count.
 * Anything else, or a page not yet served once through Express, goes to Express.
 */

export interface HitPathOptions {
  /** The page cache's entry for a request, when it holds one at the current content version. */
  lookup: (source: KeySource) => Promise<CachedPage | null>;
  logger: Logger;
  /** Express's compiled `trust proxy` setting (app.get("trust proxy fn")), so HTTPS is judged as Express judges it. */
  trustProxy: (address: string, hop: number) => boolean;
  /** Called once the answer is sent, as Express's metrics and page-view middleware are. */
  onAnswered?: (answered: HitAnswer) => void;
  /** A proxy's request id, when well formed; otherwise a new one. */
  requestId: (incoming: string | string[] | undefined) => string;
}

export interface HitAnswer {
  method: string;
  path: string;
  url: string;
  status: number;
  seconds: number;
  header: (name: string) => string | undefined;
}

/** The request's protocol as Express's req.protocol gives it: X-Forwarded-Proto only from a trusted proxy. */
function isSecure(req: IncomingMessage, trustProxy: HitPathOptions["trustProxy"]): boolean {
  const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
  if (!trustProxy(req.socket.remoteAddress ?? "", 0)) return own === "https";
  const forwarded = req.headers["x-forwarded-proto"];
  const header = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? own;
  return header.split(",", 1)[0]!.trim() === "https";
}

/** An Accept-Encoding that asks for a coding the entry does not store (deflate): Express's compression answers it. */
function wantsOtherCoding(header: string | undefined, entry: CachedPage): boolean {
  return Boolean(header?.trim()) && chooseEncoding(header, entry.encoded) === null && Object.keys(entry.encoded).length > 0;
}

/** Returns a request listener step: answers a cached page's hit, or calls `next` (Express) for everything else. */
export function createHitPath({ lookup, logger, trustProxy, onAnswered, requestId }: HitPathOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url?.startsWith("/")) return next();
    // A GET that carries a body is odd: Express's body limit judges it.
    if (req.headers["transfer-encoding"] || (req.headers["content-length"] ?? "0") !== "0") return next();
    // A malformed Host is refused by Express (request-target.ts), cached page or not.
    if (hostProblem(req, trustProxy(req.socket.remoteAddress ?? "", 0))) return next();
    const started = process.hrtime.bigint();
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    };
    lookup({ method: req.method, url: `http://cache.invalid${req.url}`, header: (name) => header(name) ?? null }).then(
      (entry) => {
        if (!entry?.replay || wantsOtherCoding(header("accept-encoding"), entry)) return next();
        const id = requestId(req.headers["x-request-id"]);
        const answer = answerEntry(req, entry);
        // All headers in one writeHead (name, value, name, value…): setting them one by one was 8 % of a hit's CPU.
        const headers: OutgoingHttpHeader[] = [];
        for (const [name, value] of entry.replay) if (!answer.notModified || name !== "content-type") headers.push(name, value);
        headers.push("X-Request-Id", id, "X-Page-Cache", "hit");
        for (const [name, value] of answer.headers) headers.push(name, value);
        if (isSecure(req, trustProxy)) headers.push("Strict-Transport-Security", HSTS_HEADER);
        res.once("finish", () => {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          logger.info(
            {
              req: { id, method: req.method, url: req.url },
              res: { statusCode: res.statusCode },
              responseTime: Math.round(seconds * 1000),
            },
            "request completed",
          );
          const path = req.url!.split("?", 1)[0]!;
          onAnswered?.({ method: req.method!, path, url: req.url!, status: res.statusCode, seconds, header });
        });
        res.writeHead(answer.status, headers);
        res.end(answer.body);
      },
      // A lookup that fails (the database away) is Express's to answer, with its 503.
      () => next(),
    );
  };
}
