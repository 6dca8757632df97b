import { sql, type Expression } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import type { LinkKind, LinkStatus, TitleType } from "#app/db/schema.ts";
import { yearOf } from "#app/utils/dates.ts";
import { escapeLike } from "#app/utils/sql.ts";

/**
 * The catalogue as other modules name it: titles by id, and links with their
 * release and title. The one link -> release -> title join of the app (issue 33):
 * the inbox, link health, out-links and the write API call these instead of
 * joining the catalogue's tables themselves. Every function takes ids in a batch.
 */

export interface CatalogueTitleRef {
  id: number;
  type: TitleType;
  slug: string;
  title: string;
  year: number | null;
}

export interface CatalogueLinkRef {
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

/** A link with everything around it: its release and its title. */
export interface LinkContext extends CatalogueLinkRef {
  kind: LinkKind;
  size: string | null;
  releaseId: number;
  title: CatalogueTitleRef;
}

export interface TitleWithLinks extends CatalogueTitleRef {
  links: CatalogueLinkRef[];
}

const unique = (ids: number[]) => [...new Set(ids)];

export async function titleRefs(db: Db, ids: number[]): Promise<Map<number, CatalogueTitleRef>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom("titles").select(["id", "type", "slug", "title", "release_date"]).where("id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, type: r.type, slug: r.slug, title: r.title, year: yearOf(r.release_date) }]));
}

/** Every title's id, type, slug and name, as a derived table for another module's counts to join (analytics' views per title). */
export function titleRows(db: Db) {
  return db.selectFrom("titles").select(["id", "type", "slug", "title"]);
}

/** Whether a title with this id exists. */
export async function titleExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom("titles").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

function linksQuery(db: Db) {
  return db
    .selectFrom("links as l")
    .innerJoin("releases as r", "r.id", "l.release_id")
    .innerJoin("titles as t", "t.id", "r.title_id")
    .leftJoin("files as f", "f.id", "l.file_id")
    .select([
      "l.id",
      "l.kind",
      "l.label",
      "l.url",
      "l.size",
      "l.status",
      "r.id as release_id",
      "r.title_id",
      "r.quality",
      "r.season",
      "f.title as file_title",
      "t.type",
      "t.slug",
      "t.title",
      "t.release_date",
    ]);
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof linksQuery>["executeTakeFirstOrThrow"]>>;

function toLinkRef(r: LinkRow): CatalogueLinkRef {
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

function toLinkContext(r: LinkRow): LinkContext {
  return {
    ...toLinkRef(r),
    kind: r.kind,
    size: r.size,
    releaseId: r.release_id,
    title: { id: r.title_id, type: r.type, slug: r.slug, title: r.title, year: yearOf(r.release_date) },
  };
}

export async function linkRefs(db: Db, ids: number[]): Promise<Map<number, CatalogueLinkRef>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Map();
  const rows = await linksQuery(db).where("l.id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, toLinkRef(r)]));
}

/** These links with their release and title, by id (disabled ones too); ids that name no link are absent. */
export async function linkContexts(db: Db, ids: number[]): Promise<Map<number, LinkContext>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Map();
  const rows = await linksQuery(db).where("l.id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, toLinkContext(r)]));
}

/** One link with its release and title, or null when there is no such link. */
export async function linkContext(db: Db, id: number): Promise<LinkContext | null> {
  return (await linkContexts(db, [id])).get(id) ?? null;
}

/** Every link of these titles, in the order the title page shows them. */
export async function linksOfTitles(db: Db, titleIds: number[]): Promise<CatalogueLinkRef[]> {
  const wanted = unique(titleIds);
  if (!wanted.length) return [];
  const rows = await linksQuery(db)
    .where("r.title_id", "in", wanted)
    .orderBy("r.title_id")
    .orderBy("r.position")
    .orderBy("l.kind")
    .orderBy("f.position")
    .orderBy("l.position")
    .execute();
  return rows.map(toLinkRef);
}

/**
 * Every link with its release and title, as a derived table for another module's
 * query to join its own rows to (link health's screen, the clicks per title): the
 * join stays here, and both databases flatten the subquery, so it costs what the
 * join written in place did. Use it as `db.selectFrom(linkTitleRows(db).as("l"))`.
 */
export function linkTitleRows(db: Db) {
  return db
    .selectFrom("links as l")
    .innerJoin("releases as r", "r.id", "l.release_id")
    .innerJoin("titles as t", "t.id", "r.title_id")
    .select(["l.id", "l.url", "l.label", "l.status", "r.title_id", "r.position as release_position", "t.type", "t.slug", "t.title"]);
}

/** Every link's address and status alone, as a derived table (the link checker's due list). */
export function linkAddressRows(db: Db) {
  return db.selectFrom("links").select(["id", "url", "status"]);
}

/** The links visitors can see (not taken down). */
export async function countVisibleLinks(db: Db): Promise<number> {
  const row = await db
    .selectFrom("links")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "!=", "disabled")
    .executeTakeFirstOrThrow();
  return toCount(row.n as number | string);
}

/**
 * The ids of a title's links, as a subquery for another module's query (e.g. the
 * inbox's reports on a title's links): one statement, and the join stays here.
 */
export function linkIdsOfTitle(db: Db, titleId: number | Expression<number>) {
  return db.selectFrom("links as l").innerJoin("releases as r", "r.id", "l.release_id").select("l.id").where("r.title_id", "=", titleId);
}

/** The ids of these titles' links, as a subquery. */
export function linkIdsOfTitles(db: Db, titleIds: number[]) {
  return db.selectFrom("links as l").innerJoin("releases as r", "r.id", "l.release_id").select("l.id").where("r.title_id", "in", titleIds);
}

/** The title of a link (an outer query's column), as a scalar subquery. */
export function titleIdOfLink(db: Db, linkId: Expression<number | null>) {
  return db
    .selectFrom("links as l")
    .innerJoin("releases as r", "r.id", "l.release_id")
    .select("r.title_id")
    .where("l.id", "=", linkId as Expression<number>);
}

/** A link's address and status alone (the out-link redirect's one indexed read), or null when there is no such link. */
export async function linkState(db: Db, id: number): Promise<{ url: string; status: LinkStatus } | null> {
  return (await db.selectFrom("links").select(["url", "status"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The current address of these links, by id; deleted links are absent. */
export async function linkUrls(db: Db, ids: number[]): Promise<Map<number, string>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom("links").select(["id", "url"]).where("id", "in", wanted).execute();
  return new Map(rows.map((l) => [l.id, l.url]));
}

/**
 * Sets the status of these links (only of those with status `from`, when given);
 * returns how many changed. The caller bumps the content version.
 */
export async function setLinksStatus(db: Db, ids: number[], status: LinkStatus, from?: LinkStatus): Promise<number> {
  const wanted = unique(ids);
  if (!wanted.length) return 0;
  const result = await db
    .updateTable("links")
    .set({ status })
    .where("id", "in", wanted)
    .$if(from !== undefined, (q) => q.where("status", "=", from!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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
