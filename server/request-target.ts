import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler } from "express";
import { ALLOWED_METHODS } from "./methods.ts";

/*
 * The request line and the headers the site's own address is made of (Host; from a
 * trusted proxy X-Forwarded-Host and X-Forwarded-Proto), checked once before anything
 * builds a URL from them, so a client's odd but legal request is answered normally
 * and a malformed one is a 400 saying what is wrong, never a 500 (issue 29):
 *   - absolute-form (`GET http://host/faq HTTP/1.1`, RFC 9112 §3.2.2) becomes the
 *     origin-form path, and its host is the request's host, as the RFC says;
 *   - asterisk-form (`OPTIONS *`) is answered with the methods; any other method with `*` is a 400;
 *   - a Host (or trusted X-Forwarded-Host) that is not a host name and a port 0–65535 is a 400;
 *   - a trusted X-Forwarded-Proto other than http or https is ignored, as if absent;
 *   - control characters (%00–%1F) in the query string are dropped: no page or API
 *     parameter means anything by them, and PostgreSQL cannot compare text holding U+0000.
 */

const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

/** A host name or IP literal and an optional port, before the URL parser's own check. */
const AUTHORITY = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=\u0080-\uFFFF]+)(?::(\d{1,5}))?$/;

/** Hosts seen recently and whether they were valid: a page cache hit checks its Host too, so this is kept cheap. */
const seenHosts = new Map<string, boolean>();
const SEEN_HOSTS = 200;

/** True for a Host header value a URL can be built on: a host name or IP literal and a port 0–65535. */
export function isValidHost(value: string): boolean {
  let valid = seenHosts.get(value);
  if (valid !== undefined) return valid;
  const match = AUTHORITY.exec(value);
  valid = match !== null && (match[1] === undefined || Number(match[1]) <= 65_535) && parses(`http://${value}`);
  if (seenHosts.size >= SEEN_HOSTS) seenHosts.clear();
  seenHosts.set(value, valid);
  return valid;
}

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** The first of a header's comma-separated values, as Express reads X-Forwarded-Host. */
function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(",", 1)[0]!.trim();
}

/** What is wrong with the request's host headers, or null; `trusted` when X-Forwarded-* come from a trusted proxy. */
export function hostProblem(req: IncomingMessage, trusted: boolean): string | null {
  const host = req.headers.host;
  if (host && !isValidHost(host)) return "Bad Request: the Host header is not a valid host name and port.";
  const forwarded = trusted ? first(req.headers["x-forwarded-host"]) : undefined;
  if (forwarded && !isValidHost(forwarded)) return "Bad Request: the X-Forwarded-Host header is not a valid host name and port.";
  return null;
}

/** %00–%1F in a query string (tab, line feed and carriage return read as a space). */
const ENCODED_CONTROL = /%[01][0-9A-Fa-f]/g;
const ENCODED_SPACE_LIKE = new Set(["%09", "%0a", "%0d"]);

function withoutControlCharacters(url: string): string {
  const at = url.indexOf("?");
  if (at === -1) return url;
  const query = url.slice(at);
  const kept = query.replace(ENCODED_CONTROL, (code) => (ENCODED_SPACE_LIKE.has(code.toLowerCase()) ? "%20" : ""));
  return kept === query ? url : url.slice(0, at) + kept;
}

/** A client's malformed request: 400 with the reason; the access log has it at warn, the reason at info. */
function refuse(req: Request, res: Parameters<RequestHandler>[1], reason: string) {
  req.log.info({ event: "request.malformed", url: req.originalUrl.slice(0, 300), host: req.headers.host }, reason);
  res.status(400).type("text/plain").send(reason);
}

export function requestTarget(): RequestHandler {
  return (req, res, next) => {
    let url = req.url;
    if (url === "*") {
      if (req.method === "OPTIONS") {
        res.status(204).set("Allow", ALLOW_HEADER).end();
        return;
      }
      return refuse(req, res, "Bad Request: the request target * is for OPTIONS only.");
    }
    if (!url.startsWith("/")) {
      let absolute: URL | null;
      try {
        absolute = /^https?:\/\//i.test(url) ? new URL(url) : null;
      } catch {
        absolute = null;
      }
      if (!absolute) return refuse(req, res, "Bad Request: the request target must be a path or an http(s) address.");
      url = `${absolute.pathname}${absolute.search}`;
      req.headers.host = absolute.host;
    }
    const trusted = (req.app.get("trust proxy fn") as (address: string, hop: number) => boolean)(req.socket.remoteAddress ?? "", 0);
    const problem = hostProblem(req, trusted);
    if (problem) return refuse(req, res, problem);
    if (trusted && req.headers["x-forwarded-proto"] !== undefined) {
      const proto = first(req.headers["x-forwarded-proto"])?.toLowerCase();
      if (proto === "http" || proto === "https") req.headers["x-forwarded-proto"] = proto;
      else delete req.headers["x-forwarded-proto"];
    }
    url = withoutControlCharacters(url);
    if (url !== req.url) {
      req.url = url;
      req.originalUrl = url;
    }
    next();
  };
}

/** The origin this request was made to, as the browser names it in Origin (default ports left out); valid after requestTarget. */
export function ownOrigin(req: Request): string {
  return new URL(`${req.protocol}://${req.host ?? "localhost"}`).origin;
}
