import { sql, type Expression, type ExpressionBuilder } from "kysely";
import { ADMIN_LIST_PAGE_SIZE } from "#app/constants.ts";
import type { Db } from "#app/db/client.server.ts";
import { toBool, toCount } from "#app/db/dialect.server.ts";
import type { Database, LinkStatus, TitleType } from "#app/db/schema.ts";
import type { AdminListFilters, AdminSort } from "./admin-list.ts";
import { clampPage, type Page } from "#app/utils/pagination.ts";
import { escapeLike } from "#app/utils/sql.ts";

/** The reads behind the admin panel's lists and overview. */

/** One row of the admin Movies or TV Shows list. */
export interface AdminTitleSummary {
  id: number;
  type: TitleType;
  slug: string;
  title: string;
  year: number | null;
  posterUrl: string | null;
  runtimeMinutes: number | null;
  genres: string[];
  /** Distinct season labels of its releases (TV). */
  seasons: number;
  links: { total: number; broken: number; disabled: number };
  /** Open broken-link reports on the title or its links (report groups, as the inbox counts them). */
  openReports: number;
  featured: boolean;
  uploadedAt: string;
}

export interface AdminListOptions {
  type: TitleType;
  /** Part of the title, in any case. */
  q?: string;
  sort?: AdminSort;
  page?: number;
  perPage?: number;
  filters?: Partial<AdminListFilters>;
}

type TitleScope = ExpressionBuilder<Database & { t: Database["titles"] }, "t">;

const linksOf = (eb: TitleScope) =>
  eb.selectFrom("links as l").innerJoin("releases as r", "r.id", "l.release_id").whereRef("r.title_id", "=", "t.id");

/**
 * The inbox's open broken-link reports, handed in by the caller
 * (editorial/admin-titles.server.ts): the catalogue does not read the inbox's table.
 */
export interface OpenReportsSource {
  /** Open report groups on the title `titleId` names or on its links, for exists(). */
  on(titleId: Expression<number>): Expression<unknown>;
  /** The open report groups on these titles or their links, each with its title and its link's title. */
  of(titleIds: number[]): Promise<{ id: number; title_id: number | null; link_title_id: number | null }[]>;
}

/** The lists' filters (admin-list.ts ADMIN_SHOWS) as conditions on `t`. */
function filterConditions(eb: TitleScope, filters: Partial<AdminListFilters>, reports: OpenReportsSource) {
  const conditions = [];
  switch (filters.show) {
    case "no-links":
      conditions.push(eb.not(eb.exists(linksOf(eb).select("l.id"))));
      break;
    case "broken":
      conditions.push(
        eb.or([eb.exists(linksOf(eb).select("l.id").where("l.status", "=", "broken")), eb.exists(reports.on(sql.ref<number>("t.id")))]),
      );
      break;
    case "no-poster":
      conditions.push(eb.or([eb("t.poster_url", "is", null), eb("t.poster_url", "=", "")]));
      break;
    case "no-tmdb":
      conditions.push(eb("t.tmdb_id", "is", null));
      break;
  }
  if (filters.genre) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom("title_genres as tg")
          .innerJoin("genres as g", "g.id", "tg.genre_id")
          .select("tg.title_id")
          .whereRef("tg.title_id", "=", "t.id")
          .where("g.slug", "=", filters.genre),
      ),
    );
  }
  if (filters.year) {
    conditions.push(eb("t.release_date", ">=", `${filters.year}-01-01`), eb("t.release_date", "<=", `${filters.year}-12-31`));
  }
  return eb.and(conditions);
}

/**
 * A page of titles of one type, optionally filtered by title text and ordered
 * A-Z, Z-A or newest upload first. A page past the end is clamped to the last.
 *
 * The match lowercases both sides (the SQLite client gives lower() PostgreSQL's
 * meaning: every letter folds, not only A-Z).
 */
export async function listAdminTitles(db: Db, options: AdminListOptions, openReports: OpenReportsSource): Promise<Page<AdminTitleSummary>> {
  const perPage = Math.max(1, Math.floor(options.perPage ?? ADMIN_LIST_PAGE_SIZE));
  let base = db.selectFrom("titles as t").where("t.type", "=", options.type);
  const q = options.q?.trim();
  if (q) base = base.where(sql<boolean>`lower(t.title) like ${`%${escapeLike(q.toLowerCase())}%`} escape '\\'`);
  const filters = options.filters ?? {};
  base = base.where((eb) => filterConditions(eb, filters, openReports));

  const { n } = await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const total = toCount(n as number | string);
  const { page, offset, totalPages } = clampPage(options.page, perPage, total);

  let query = base.select([
    "t.id",
    "t.type",
    "t.slug",
    "t.title",
    "t.release_date",
    "t.poster_url",
    "t.runtime_minutes",
    "t.uploaded_at",
    "t.featured",
  ]);
  const sort = options.sort ?? "newest";
  if (sort === "newest") query = query.orderBy("t.uploaded_at", "desc").orderBy("t.id", "desc");
  else query = query.orderBy(sql`lower(t.title)`, sort === "az" ? "asc" : "desc").orderBy("t.id", sort === "az" ? "asc" : "desc");
  const rows = await query.limit(perPage).offset(offset).execute();

  const ids = rows.map((r) => r.id);
  const [genres, seasons, links, reports] = ids.length
    ? await Promise.all([
        db
          .selectFrom("title_genres as tg")
          .innerJoin("genres as g", "g.id", "tg.genre_id")
          .select(["tg.title_id", "g.name"])
          .where("tg.title_id", "in", ids)
          .orderBy("tg.title_id")
          .orderBy("tg.position")
          .orderBy("g.position")
          .execute(),
        db
          .selectFrom("releases")
          .select((eb) => ["title_id", eb.fn.count("season").distinct().as("n")])
          .where("title_id", "in", ids)
          .where("season", "is not", null)
          .groupBy("title_id")
          .execute(),
        db
          .selectFrom("links as l")
          .innerJoin("releases as r", "r.id", "l.release_id")
          .select((eb) => ["r.title_id", "l.status", eb.fn.countAll().as("n")])
          .where("r.title_id", "in", ids)
          .groupBy(["r.title_id", "l.status"])
          .execute(),
        openReports.of(ids),
      ])
    : [[], [], [], []];

  const genresById = new Map<number, string[]>();
  for (const g of genres) genresById.set(g.title_id, [...(genresById.get(g.title_id) ?? []), g.name]);
  const seasonsById = new Map(seasons.map((s) => [s.title_id, toCount(s.n as number | string)]));
  const linksById = new Map<number, AdminTitleSummary["links"]>();
  for (const l of links) {
    const entry = linksById.get(l.title_id) ?? { total: 0, broken: 0, disabled: 0 };
    const count = toCount(l.n as number | string);
    entry.total += count;
    if (l.status === "broken") entry.broken += count;
    if (l.status === "disabled") entry.disabled += count;
    linksById.set(l.title_id, entry);
  }

  const reportsById = new Map<number, Set<number>>();
  for (const report of reports) {
    for (const titleId of new Set([report.title_id, report.link_title_id])) {
      if (titleId === null || !ids.includes(titleId)) continue;
      reportsById.set(titleId, (reportsById.get(titleId) ?? new Set()).add(report.id));
    }
  }

  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      slug: r.slug,
      title: r.title,
      year: r.release_date ? Number(r.release_date.slice(0, 4)) : null,
      posterUrl: r.poster_url,
      runtimeMinutes: r.runtime_minutes,
      genres: genresById.get(r.id) ?? [],
      seasons: seasonsById.get(r.id) ?? 0,
      links: linksById.get(r.id) ?? { total: 0, broken: 0, disabled: 0 },
      openReports: reportsById.get(r.id)?.size ?? 0,
      featured: toBool(r.featured),
      uploadedAt: r.uploaded_at,
    })),
    page,
    perPage,
    total,
    totalPages,
  };
}

/** The overview's figures about the catalogue. */
export interface CatalogueStats {
  titles: number;
  movies: number;
  tvShows: number;
  /** Titles that are neither a movie nor a TV show (none today; the chart keeps the slot). */
  other: number;
  links: number;
  brokenLinks: number;
  disabledLinks: number;
  /** Titles created in the 7 days before `now`. */
  addedThisWeek: number;
}

const WEEK_MS = 7 * 86_400_000;

export async function getCatalogueStats(db: Db, now = new Date()): Promise<CatalogueStats> {
  const [byType, byStatus, added] = await Promise.all([
    db
      .selectFrom("titles")
      .select((eb) => ["type", eb.fn.countAll().as("n")])
      .groupBy("type")
      .execute(),
    db
      .selectFrom("links")
      .select((eb) => ["status", eb.fn.countAll().as("n")])
      .groupBy("status")
      .execute(),
    db
      .selectFrom("titles")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("created_at", ">=", new Date(now.getTime() - WEEK_MS).toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  const types = new Map<string, number>(byType.map((r) => [r.type, toCount(r.n as number | string)]));
  const statuses = new Map<LinkStatus, number>(byStatus.map((r) => [r.status, toCount(r.n as number | string)]));
  const titles = [...types.values()].reduce((a, b) => a + b, 0);
  const movies = types.get("movie") ?? 0;
  const tvShows = types.get("tv") ?? 0;
  return {
    titles,
    movies,
    tvShows,
    other: titles - movies - tvShows,
    links: [...statuses.values()].reduce((a, b) => a + b, 0),
    brokenLinks: statuses.get("broken") ?? 0,
    disabledLinks: statuses.get("disabled") ?? 0,
    addedThisWeek: toCount(added.n as number | string),
  };
}
