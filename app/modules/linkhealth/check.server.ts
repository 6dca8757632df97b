import type http from "node:http";
import { isRefusedTarget, safeFetch, type SafeResponse, type TargetPolicy } from "#app/utils/safe-fetch.server.ts";
import type { LinkCheckOutcome } from "#app/db/schema.ts";
import { SOFT_NOT_FOUND_RULES, softNotFound, type SoftNotFoundRule } from "./soft-404.ts";

/** One exchange (HEAD, then the ranged GET when needed, redirects included). */
export const LINK_CHECK_TIMEOUT_MS = 10_000;
/** How much of an HTML answer is read to recognise a "file not found" page. */
export const LINK_CHECK_BODY_BYTES = 64 * 1024;
/** Says who is asking, so a host's operator can tell the checker from a visitor. */
export const LINK_CHECK_USER_AGENT = "CinedexLinkChecker/1.0 (download link health check; HEAD first)";
/** The longest Retry-After the checker waits for before it gives the host up for this sweep. */
export const LINK_CHECK_MAX_RETRY_AFTER_MS = 60 * 60_000;

export interface CheckOptions extends TargetPolicy {
  timeoutMs?: number;
  userAgent?: string;
  softNotFoundRules?: readonly SoftNotFoundRule[];
  signal?: AbortSignal;
}

export interface CheckResult {
  outcome: LinkCheckOutcome;
  httpStatus: number | null;
  finalUrl: string | null;
  contentLength: number | null;
  contentType: string | null;
  responseMs: number;
  /** Why it failed or was inconclusive, in words for the admin; null when ok. */
  error: string | null;
  /** A 429 answer's wait, in ms (capped). */
  retryAfterMs: number | null;
}

const CANCELLED = "the check was cancelled";

/** A HEAD answer that says nothing about the file: the host does not do HEAD (or not for robots). */
const HEAD_REFUSED = (status: number) =>
  status === 400 || status === 403 || status === 405 || status === 406 || status === 501 || status >= 500;
/** Answers that say the checker may not look, not that the file is gone. */
const NOT_CONCLUSIVE = new Set([401, 403, 407]);

/**
 * Checks one address: HEAD first; a ranged GET when the host refuses HEAD, or when
 * the answer is an HTML page (a landing page, or a "file not found" page with 200).
 * Never throws: every failure is a result.
 */
export async function checkUrl(url: string, options: CheckOptions = {}): Promise<CheckResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? LINK_CHECK_TIMEOUT_MS;
  const elapsed = () => Math.round(performance.now() - started);
  const headers = { "User-Agent": options.userAgent ?? LINK_CHECK_USER_AGENT, Accept: "*/*" };
  const common = { allowPrivate: options.allowPrivate, lookup: options.lookup, signal: options.signal };
  try {
    let response: SafeResponse = await safeFetch(url, { ...common, method: "HEAD", headers, timeoutMs, maxBytes: 0 });
    let responseMs = elapsed();
    if (HEAD_REFUSED(response.status) || (isOk(response.status) && isHtml(response.headers))) {
      const left = timeoutMs - elapsed();
      if (left <= 0) throw Object.assign(new Error("timed out"), { name: "TimeoutError" });
      const get = await safeFetch(url, {
        ...common,
        method: "GET",
        headers: { ...headers, Range: `bytes=0-${LINK_CHECK_BODY_BYTES - 1}` },
        timeoutMs: left,
        maxBytes: LINK_CHECK_BODY_BYTES,
        // A file's bytes prove nothing more than its headers; only a page is read.
        wantBody: (status, h) => isOk(status) && isHtml(h),
      });
      // A HEAD answer kept when the GET says the same with less (no length on a ranged answer).
      response = get;
      responseMs = elapsed();
    }
    return classify(response, responseMs, options.softNotFoundRules ?? SOFT_NOT_FOUND_RULES);
  } catch (error) {
    return {
      outcome: "failed",
      httpStatus: null,
      finalUrl: null,
      contentLength: null,
      contentType: null,
      responseMs: elapsed(),
      error: describeError(error, timeoutMs),
      retryAfterMs: null,
    };
  }
}

function classify(response: SafeResponse, responseMs: number, rules: readonly SoftNotFoundRule[]): CheckResult {
  const base = {
    httpStatus: response.status,
    finalUrl: response.url,
    contentLength: contentLength(response),
    contentType: headerText(response.headers["content-type"])?.slice(0, 200) ?? null,
    responseMs,
    retryAfterMs: null,
  };
  const { status } = response;
  if (isOk(status)) {
    const rule = isHtml(response.headers) ? softNotFound(response.url, response.body.toString("utf8"), rules) : null;
    return rule
      ? { ...base, outcome: "failed", error: `${rule.name}: the host answered a "file not found" page` }
      : { ...base, outcome: "ok", error: null };
  }
  if (status === 429) {
    return {
      ...base,
      outcome: "inconclusive",
      error: "the host asked the checker to slow down (HTTP 429)",
      retryAfterMs: retryAfter(response.headers["retry-after"]),
    };
  }
  if (NOT_CONCLUSIVE.has(status)) return { ...base, outcome: "inconclusive", error: `the host refused the checker (HTTP ${status})` };
  if (status >= 300 && status < 400)
    return { ...base, outcome: "inconclusive", error: `a redirect without a usable address (HTTP ${status})` };
  return { ...base, outcome: "failed", error: `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ""}` };
}

const isOk = (status: number) => status >= 200 && status < 300;

function isHtml(headers: http.IncomingHttpHeaders): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml)/i.test(headerText(headers["content-type"]) ?? "");
}

function headerText(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The file's size: a ranged answer's total ("bytes 0-65535/734003200"), or the plain length. */
function contentLength(response: SafeResponse): number | null {
  const total = /\/(\d+)\s*$/.exec(headerText(response.headers["content-range"]) ?? "")?.[1];
  const text = total ?? (response.status === 206 ? undefined : headerText(response.headers["content-length"]));
  const n = text === undefined || text === null ? Number.NaN : Number(text);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** Retry-After in seconds or as a date, capped; a missing or odd value waits a minute. */
export function retryAfter(value: string | string[] | undefined, now = Date.now()): number {
  const text = headerText(value)?.trim() ?? "";
  let ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms) || ms < 0) ms = 60_000;
  return Math.min(ms, LINK_CHECK_MAX_RETRY_AFTER_MS);
}

function describeError(error: unknown, timeoutMs: number): string {
  if (isRefusedTarget(error)) return `refused: ${error.message}`;
  const e = error as { name?: string; code?: string; message?: string; cause?: { name?: string } };
  // Node's http client wraps the signal's reason: the deadline's TimeoutError is the cause of an AbortError.
  if (e.name === "TimeoutError" || e.cause?.name === "TimeoutError") return `no answer within ${timeoutMs / 1000} s`;
  if (e.name === "AbortError") return CANCELLED;
  if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") return "host not found";
  if (e.code === "ECONNRESET" || e.code === "EPIPE") return "the host reset the connection";
  if (e.code === "ECONNREFUSED") return "the host refused the connection";
  if (e.code === "HPE_INVALID_CONSTANT" || e.code?.startsWith("HPE_")) return "the host's answer is not valid HTTP";
  if (e.code?.startsWith("ERR_TLS") || e.code?.includes("CERT")) return `TLS error (${e.code})`;
  return (e.code ?? e.message ?? "network error").slice(0, 200);
}

/** True when the caller, not the host, ended the check (a sweep shutting down): nothing is recorded. */
export function wasCancelled(result: CheckResult): boolean {
  return result.error === CANCELLED;
}
