import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import type { LinkStatus, TitleType } from "#app/db/schema.ts";
import { escapeLike } from "#app/utils/sql.ts";

/** The catalogue as the inbox names it: titles with their edit and public pages, and their links. */

export interface InboxTitleRef {
  id: number;
  type: TitleType;
  slug: string;
  title: string;
  year: number | null;
}

export interface InboxLinkRef {
  id: number;
  titleId: number;
  label: string;
  url: string;
  status: LinkStatus;
  quality: string;
  season: string | null;
  /** The episode or download option; null for a zip link. */
  fileTitle: string | null;
}

export interface TitleWithLinks extends InboxTitleRef {
  links: InboxLinkRef[];
}

function yearOf(releaseDate: string | null): number | null {
  const year = releaseDate ? Number(releaseDate.slice(0, 4)) : NaN;
  return Number.isInteger(year) ? year : null;
}

export async function titleRefs(db: Db, ids: number[]): Promise<Map<number, InboxTitleRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom("titles").select(["id", "type", "slug", "title", "release_date"]).where("id", "in", unique).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, type: r.type, slug: r.slug, title: r.title, year: yearOf(r.release_date) }]));
}

const linkColumns = ["l.id", "l.label", "l.url", "l.status", "r.title_id", "r.quality", "r.season", "f.title as file_title"] as const;

function toLinkRef(r: {
  id: number;
  label: string;
  url: string;
  status: LinkStatus;
  title_id: number;
  quality: string;
  season: string | null;
  file_title: string | null;
}): InboxLinkRef {
  return {
    id: r.id,
    titleId: r.title_id,
    label: r.label,
    url: r.url,
    status: r.status,
    quality: r.quality,
    season: r.season,
    fileTitle: r.file_title,
  };
}

function linksQuery(db: Db) {
  return db
    .selectFrom("links as l")
    .innerJoin("releases as r", "r.id", "l.release_id")
    .leftJoin("files as f", "f.id", "l.file_id")
    .select([...linkColumns]);
}

export async function linkRefs(db: Db, ids: number[]): Promise<Map<number, InboxLinkRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await linksQuery(db).where("l.id", "in", unique).execute();
  return new Map(rows.map((r) => [r.id, toLinkRef(r)]));
}

/** Every link of these titles, in the order the title page shows them. */
export async function linksOfTitles(db: Db, titleIds: number[]): Promise<InboxLinkRef[]> {
  const unique = [...new Set(titleIds)];
  if (!unique.length) return [];
  const rows = await linksQuery(db)
    .where("r.title_id", "in", unique)
    .orderBy("r.title_id")
    .orderBy("r.position")
    .orderBy("l.kind")
    .orderBy("f.position")
    .orderBy("l.position")
    .execute();
  return rows.map(toLinkRef);
}

/** Catalogue titles whose name contains `q` in any case, with their links; for picking what fulfils a request or what a notice names. */
export async function findCatalogueTitles(db: Db, q: string, limit = 8): Promise<TitleWithLinks[]> {
  const text = q.trim();
  if (!text) return [];
  const rows = await db
    .selectFrom("titles as t")
    .select(["t.id", "t.type", "t.slug", "t.title", "t.release_date"])
    .where(sql<boolean>`lower(t.title) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`)
    .orderBy("t.title")
    .orderBy("t.id")
    .limit(limit)
    .execute();
  const links = await linksOfTitles(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    slug: r.slug,
    title: r.title,
    year: yearOf(r.release_date),
    links: links.filter((l) => l.titleId === r.id),
  }));
}
