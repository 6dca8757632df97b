import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { toBool, toCount } from "#app/db/dialect.server.ts";
import type { LinkCheckOutcome, LinkHealthStatus, LinkStatus, TitleType } from "#app/db/schema.ts";
import type { Settings } from "#app/modules/settings/schema.ts";
import { countVisibleLinks, linkState, linkTitleRows, titleExists } from "#app/modules/catalogue/link-refs.server.ts";
import { clampPage } from "#app/utils/pagination.ts";
import { escapeLike } from "#app/utils/sql.ts";
import { AppError } from "#app/utils/errors.ts";
import { LINK_CHECK_TIMEOUT_MS } from "./check.server.ts";
import { checkLinks, type SweepOptions, type SweepSummary } from "./sweep.server.ts";

/** An answer slower than this is listed as slow. */
export const LINK_SLOW_MS = 3_000;
/** "Check now" on a title checks at most this many links, within this time; the rest are left due. */
export const TITLE_CHECK_MAX_LINKS = 40;
export const TITLE_CHECK_DEADLINE_MS = 25_000;
export const LINK_HEALTH_PER_PAGE = 25;
export const LINK_NOT_FOUND = "Link not found";
export const TITLE_NOT_FOUND = "Title not found";

export const LINK_HEALTH_VIEWS = ["broken", "failing", "slow", "never", "all"] as const;
export type LinkHealthView = (typeof LINK_HEALTH_VIEWS)[number];

export interface LinkHealthRow {
  linkId: number;
  url: string;
  label: string;
  linkStatus: LinkStatus;
  title: { id: number; title: string; type: TitleType };
  health: LinkHealthStatus;
  httpStatus: number | null;
  responseMs: number | null;
  checkedAt: string | null;
  error: string | null;
  consecutiveFailures: number;
  nextCheckAt: string | null;
  markedByChecker: boolean;
}

export interface HostSummary {
  host: string;
  links: number;
  broken: number;
  neverChecked: number;
  /** Mean response time of the links checked so far; null when none. */
  averageMs: number | null;
}

export interface LinkHealthOverview {
  counts: Record<LinkHealthView, number>;
  hosts: HostSummary[];
  view: LinkHealthView;
  host: string | null;
  items: LinkHealthRow[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

/** What the Link health screen's loader hands its page (declared here, so the page's components need not import the route). */
export interface LinkHealthScreenData {
  overview: LinkHealthOverview;
  settings: Settings["linkHealth"];
  canChangeSettings: boolean;
  /** Whether this instance checks links on schedule (LINK_CHECKS); off, only "Check now" checks them. */
  scheduledChecks: boolean;
  /** The server's clock (ms): relative times read the same on the server and in the browser. */
  now: number;
}

function baseQuery(db: Db) {
  return db.selectFrom(linkTitleRows(db).as("l")).leftJoin("link_health as h", "h.link_id", "l.id").where("l.status", "!=", "disabled");
}

/** The visible links of a view (and of one host), ready for a select. */
function viewQuery(db: Db, view: LinkHealthView, host: string | null = null) {
  return baseQuery(db)
    .where((eb) => {
      switch (view) {
        case "broken":
          return eb.or([eb("h.status", "=", "broken"), eb("l.status", "=", "broken")]);
        case "failing":
          return eb.and([eb("h.consecutive_failures", ">", 0), eb("h.status", "!=", "broken")]);
        case "slow":
          return eb.and([eb("h.status", "=", "ok"), eb("h.response_ms", ">=", LINK_SLOW_MS)]);
        case "never":
          return eb("h.checked_at", "is", null);
        default:
          return eb.and([]);
      }
    })
    .$if(host !== null, (q) => {
      const h = escapeLike(host!);
      return q.where((eb) =>
        eb.or(
          [`http%://${h}/%`, `http%://${h}`, `http%://${h}?%`].map((p) => sql<boolean>`lower(${eb.ref("l.url")}) like ${p} escape '\\'`),
        ),
      );
    });
}

/** What a row of the screen shows; a link's own page adds the last answer's details. */
const ROW_COLUMNS = [
  "l.id",
  "l.url",
  "l.label",
  "l.status as link_status",
  "l.title_id",
  "l.title",
  "l.type",
  "h.status",
  "h.http_status",
  "h.response_ms",
  "h.checked_at",
  "h.error",
  "h.consecutive_failures",
  "h.next_check_at",
  "h.marked_broken",
] as const;

/** A row of ROW_COLUMNS as the screen shows it. */
function toRow(r: {
  id: number;
  url: string;
  label: string;
  link_status: LinkHealthRow["linkStatus"];
  title_id: number;
  title: string;
  type: LinkHealthRow["title"]["type"];
  status: LinkHealthRow["health"] | null;
  http_status: number | null;
  response_ms: number | null;
  checked_at: string | null;
  error: string | null;
  consecutive_failures: number | null;
  next_check_at: string | null;
  marked_broken: unknown;
}): LinkHealthRow {
  return {
    linkId: Number(r.id),
    url: r.url,
    label: r.label,
    linkStatus: r.link_status,
    title: { id: Number(r.title_id), title: r.title, type: r.type },
    health: r.status ?? "unknown",
    httpStatus: r.http_status,
    responseMs: r.response_ms,
    checkedAt: r.checked_at,
    error: r.error,
    consecutiveFailures: r.consecutive_failures ?? 0,
    nextCheckAt: r.next_check_at,
    markedByChecker: toBool(r.marked_broken as never),
  };
}

async function countView(db: Db, view: LinkHealthView): Promise<number> {
  const row = await viewQuery(db, view)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return toCount(row.n as number | string);
}

/** Visible links the checker has never answered for (the overview's "never checked"). */
export function countNeverChecked(db: Db): Promise<number> {
  return countView(db, "never");
}

/**
 * The view the screen opens on: the first that lists something, in order of what needs
 * attention (broken, failing, then never checked); all links when those are empty.
 */
export function defaultLinkHealthView(counts: Record<LinkHealthView, number>): LinkHealthView {
  return (["broken", "failing", "never"] as const).find((v) => counts[v] > 0) ?? "all";
}

/** The Link health screen: counts per view, links per host, and one page of the chosen view (without one, `defaultLinkHealthView`). */
export async function getLinkHealthOverview(
  db: Db,
  options: { view?: LinkHealthView; host?: string | null; page?: number; perPage?: number } = {},
): Promise<LinkHealthOverview> {
  const host = options.host?.trim().toLowerCase() || null;
  const counts = Object.fromEntries(await Promise.all(LINK_HEALTH_VIEWS.map(async (v) => [v, await countView(db, v)]))) as Record<
    LinkHealthView,
    number
  >;
  const view = options.view ?? defaultLinkHealthView(counts);

  const listQuery = viewQuery(db, view, host);
  const total = toCount((await listQuery.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n as number | string);
  const { page, perPage, offset, totalPages } = clampPage(options.page, options.perPage ?? LINK_HEALTH_PER_PAGE, total);
  const rows = await listQuery
    .select(ROW_COLUMNS)
    .orderBy(view === "slow" ? "h.response_ms" : "h.checked_at", "desc")
    .orderBy("l.id")
    .limit(perPage)
    .offset(offset)
    .execute();

  return {
    counts,
    hosts: await hostSummaries(db),
    view,
    host,
    items: rows.map(toRow),
    page,
    perPage,
    total,
    totalPages,
  };
}

/** Visible links grouped by host, the hosts with the most broken links first. */
async function hostSummaries(db: Db): Promise<HostSummary[]> {
  const rows = await baseQuery(db).select(["l.url", "l.status as link_status", "h.status", "h.checked_at", "h.response_ms"]).execute();
  const byHost = new Map<string, HostSummary & { timed: number; totalMs: number }>();
  for (const r of rows) {
    let host: string;
    try {
      host = new URL(r.url).host.toLowerCase();
    } catch {
      continue;
    }
    const entry = byHost.get(host) ?? { host, links: 0, broken: 0, neverChecked: 0, averageMs: null, timed: 0, totalMs: 0 };
    entry.links++;
    if (r.status === "broken" || r.link_status === "broken") entry.broken++;
    if (!r.checked_at) entry.neverChecked++;
    if (r.response_ms !== null) {
      entry.timed++;
      entry.totalMs += r.response_ms;
    }
    byHost.set(host, entry);
  }
  return [...byHost.values()]
    .map(({ timed, totalMs, ...h }) => ({ ...h, averageMs: timed > 0 ? Math.round(totalMs / timed) : null }))
    .sort((a, b) => b.broken - a.broken || b.links - a.links || a.host.localeCompare(b.host));
}

export interface LinkCheckEntry {
  checkedAt: string;
  outcome: LinkCheckOutcome;
  httpStatus: number | null;
  finalUrl: string | null;
  responseMs: number | null;
  error: string | null;
}

export interface LinkHealthDetail extends LinkHealthRow {
  finalUrl: string | null;
  contentLength: number | null;
  contentType: string | null;
  history: LinkCheckEntry[];
}

/** One link's health and its recent checks, newest first; null when there is no such link. */
export async function getLinkHealthDetail(db: Db, linkId: number): Promise<LinkHealthDetail | null> {
  if (!Number.isSafeInteger(linkId) || linkId < 1) return null;
  const r = await db
    .selectFrom(linkTitleRows(db).as("l"))
    .leftJoin("link_health as h", "h.link_id", "l.id")
    .select([...ROW_COLUMNS, "h.final_url", "h.content_length", "h.content_type"])
    .where("l.id", "=", linkId)
    .executeTakeFirst();
  if (!r) return null;
  const history = await db.selectFrom("link_checks").selectAll().where("link_id", "=", linkId).orderBy("id", "desc").execute();
  return {
    ...toRow(r),
    finalUrl: r.final_url,
    contentLength: r.content_length === null ? null : Number(r.content_length),
    contentType: r.content_type,
    history: history.map((c) => ({
      checkedAt: c.checked_at,
      outcome: c.outcome,
      httpStatus: c.http_status,
      finalUrl: c.final_url,
      responseMs: c.response_ms,
      error: c.error,
    })),
  };
}

/** "Check now" on one link (disabled ones too): checked within the request, at most LINK_CHECK_TIMEOUT_MS. */
export async function checkLinkNow(db: Db, linkId: number, options: SweepOptions = {}): Promise<LinkHealthDetail> {
  const link = Number.isSafeInteger(linkId) && linkId > 0 ? await linkState(db, linkId) : null;
  if (!link) throw new AppError(404, LINK_NOT_FOUND);
  await checkLinks(db, [{ id: linkId, url: link.url }], { timeoutMs: LINK_CHECK_TIMEOUT_MS, ...options, hostDelayMs: 0 });
  return (await getLinkHealthDetail(db, linkId))!;
}

/**
 * "Check now" on a title: its visible links, at most TITLE_CHECK_MAX_LINKS, within
 * TITLE_CHECK_DEADLINE_MS (a short pause between two requests to one host); links
 * left over are made due so the next sweep takes them.
 */
export async function checkTitleNow(db: Db, titleId: number, options: SweepOptions = {}): Promise<SweepSummary & { total: number }> {
  if (!(Number.isSafeInteger(titleId) && titleId > 0 && (await titleExists(db, titleId)))) throw new AppError(404, TITLE_NOT_FOUND);
  const links = await db
    .selectFrom(linkTitleRows(db).as("l"))
    .select(["l.id", "l.url"])
    .where("l.title_id", "=", titleId)
    .where("l.status", "!=", "disabled")
    .orderBy("l.release_position")
    .orderBy("l.id")
    .execute();
  const now = options.now ?? new Date();
  const signal = AbortSignal.any([AbortSignal.timeout(TITLE_CHECK_DEADLINE_MS), ...(options.signal ? [options.signal] : [])]);
  const chosen = links.slice(0, TITLE_CHECK_MAX_LINKS).map((l) => ({ id: Number(l.id), url: l.url }));
  const summary = await checkLinks(db, chosen, { hostDelayMs: 250, ...options, now, signal });
  const rest = links.slice(TITLE_CHECK_MAX_LINKS).map((l) => Number(l.id));
  if (rest.length > 0) await makeDue(db, rest, now);
  return { ...summary, deferred: summary.deferred + rest.length, total: links.length };
}

/** "Check everything": every visible link is due now; the next scheduled sweep takes them. Returns how many. */
export async function markAllLinksDue(db: Db, now = new Date()): Promise<number> {
  const at = now.toISOString();
  await db
    .updateTable("link_health")
    .set({ next_check_at: at })
    .where((eb) => eb.or([eb("next_check_at", "is", null), eb("next_check_at", ">", at)]))
    .execute();
  // Links never checked have no row and are due already.
  return countVisibleLinks(db);
}

async function makeDue(db: Db, linkIds: number[], now: Date): Promise<void> {
  await db.updateTable("link_health").set({ next_check_at: now.toISOString() }).where("link_id", "in", linkIds).execute();
}
