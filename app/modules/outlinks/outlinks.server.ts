import crypto from "node:crypto";
import { countClick, countClicks, pruneClickVisitors } from "#app/modules/analytics/clicks.server.ts";
import { countsAsVisit, prefetchPurpose } from "#app/modules/analytics/counter.server.ts";
import type { Db } from "#app/db/client.server.ts";
import type { LinkKind, LinkStatus } from "#app/db/schema.ts";
import { isHttpUrl } from "#app/utils/url.ts";
import { linkContext, linkState } from "#app/modules/catalogue/link-refs.server.ts";
import { releaseKey } from "#app/modules/catalogue/slug.ts";
import type { TitleRef } from "#app/modules/catalogue/types.ts";
import { parseId } from "#app/utils/ids.ts";

export const LINK_NOT_FOUND = "This download link does not exist or has been removed.";
/** A link taken down (e.g. for a DMCA notice): 410 Gone, so crawlers and caches drop it. */
export const LINK_REMOVED = "This link has been removed";

/** A download link as the mediator page presents it. */
export interface Outlink {
  id: number;
  kind: LinkKind;
  label: string;
  /** Only the host is shown before the visitor chooses to continue. */
  host: string;
  size: string | null;
  status: Exclude<LinkStatus, "disabled">;
  title: TitleRef;
  release: { id: number; quality: string; season: string | null; key: string };
  /** The episode or download option it belongs to; null for a zip link. */
  fileTitle: string | null;
}

/** Parses a link id from a query value; anything but a plain positive number is no id. */
export function parseLinkId(value: string | null): number | null {
  return parseId(value);
}

/**
 * A link visitors may follow, by id: null when there is none or it is disabled
 * (taken down). Broken links are returned with their status, so the page can say so.
 */
export async function getOutlink(db: Db, id: number): Promise<Outlink | null> {
  const row = await linkContext(db, id);
  if (!row || row.status === "disabled" || !isHttpUrl(row.url)) return null;
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    host: new URL(row.url).hostname,
    size: row.size,
    status: row.status,
    title: { id: row.title.id, type: row.title.type, slug: row.title.slug, title: row.title.title },
    release: { id: row.releaseId, quality: row.quality, season: row.season, key: releaseKey(row) },
    fileTitle: row.fileTitle,
  };
}

/**
 * Who is clicking, for counting: a keyed hash of the day, the address and the
 * browser, so a visitor counts once per link and day and nobody can be followed
 * from one day to the next. Null when the request should not count: known robots
 * (crawlers, link checkers) and browsers prefetching a page nobody opened yet.
 */
export function clickVisitor(request: Request, clientAddress: string, secret: string, now = new Date()): string | null {
  const agent = request.headers.get("user-agent") ?? "";
  if (!countsAsVisit({ userAgent: agent, purpose: prefetchPurpose((name) => request.headers.get(name)) })) return null;
  const key = crypto.createHash("sha256").update(`cinedex:click-visitor:${secret}`).digest();
  return crypto
    .createHmac("sha256", key)
    .update(`${utcDay(now)}\n${clientAddress}\n${agent}`)
    .digest("hex");
}

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The address to send a visitor to for a link id, counting the click once per
 * visitor and day (`visitor` from clickVisitor; null counts nothing); null when the
 * link does not exist, is taken down or is known to be broken. The address only
 * ever comes from the catalogue.
 */
export async function followOutlink(
  db: Db,
  id: number,
  { visitor = null, now = new Date() }: { visitor?: string | null; now?: Date } = {},
): Promise<string | null> {
  const row = await linkState(db, id);
  if (!row || row.status !== "ok" || !isHttpUrl(row.url)) return null;
  if (visitor !== null) await countClick(db, id, utcDay(now), visitor);
  return row.url;
}

/**
 * Why a link id cannot be shown or followed: 410 when the catalogue disabled the
 * link (taken down), 404 for every other reason.
 */
export async function outlinkFailure(db: Db, id: number | null): Promise<{ status: 404 | 410; message: string }> {
  const row = id === null ? null : await linkState(db, id);
  return row?.status === "disabled" ? { status: 410, message: LINK_REMOVED } : { status: 404, message: LINK_NOT_FOUND };
}

// The click counts live with the other visitor counts (analytics owns link_clicks); their callers import them from here.
export { countClicks, pruneClickVisitors };
