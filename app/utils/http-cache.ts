import crypto from "node:crypto";
import { PAGE_SHARED_MAX_AGE_S, PAGE_STALE_WHILE_REVALIDATE_S } from "#app/constants.ts";

/** What anonymous public answers (pages and the read API) tell browsers and shared caches: revalidate, let a CDN keep them briefly. */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_SHARED_MAX_AGE_S}, stale-while-revalidate=${PAGE_STALE_WHILE_REVALIDATE_S}`;
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** A strong validator for a response body: its SHA-256, shortened. */
export function etagOf(body: Buffer | string): string {
  return `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** RFC 9110 If-None-Match: a list of (possibly weak) tags, or *. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * A route's `headers` export for pages with a form: the action's headers (a 429's
 * Retry-After) reach the answer; React Router sends only their cookies otherwise.
 */
export function withActionHeaders({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of actionHeaders) if (name !== "set-cookie") headers.set(name, value);
  return headers;
}
