import type { Db } from "#app/db/client.server.ts";
import {
  findCatalogueTitles,
  linkRefs,
  linksOfTitles,
  titleRefs,
  type CatalogueLinkRef,
  type CatalogueTitleRef,
  type TitleWithLinks,
} from "#app/modules/catalogue/link-refs.server.ts";
import type { InboxStatus } from "#app/modules/inbox/inbox.ts";
import {
  listNewestFirst,
  noCandidates,
  resolutionOf,
  singleRowItems,
  type InboxKindSource,
  type Resolution,
} from "#app/modules/inbox/source.server.ts";
import { setDmcaStatus } from "./actions.server.ts";
import { DMCA_ACTION_MESSAGES } from "./schema.ts";

/** DMCA notices in the admin inbox: the list, a notice with what it names, and what the admin can take down. */

/** A catalogue item a notice names or took down, as stored (dmca_notice_targets). */
export interface DmcaTarget {
  id: number;
  origin: "url" | "admin";
  /** A whole title when `link` is null. */
  title: CatalogueTitleRef | null;
  link: CatalogueLinkRef | null;
  disabledAt: string | null;
  reenabledAt: string | null;
  /** Taken down by this notice and not put back. */
  active: boolean;
}

export interface DmcaDetail extends Resolution {
  kind: "dmca";
  id: number;
  name: string;
  email: string;
  contentUrl: string;
  contentType: string | null;
  copyrightProof: string;
  message: string | null;
  declaration: boolean;
  status: InboxStatus<"dmca">;
  resolutionNote: string | null;
  createdAt: string;
  targets: DmcaTarget[];
}

export async function getDmcaDetail(db: Db, id: number): Promise<DmcaDetail | null> {
  const row = await db.selectFrom("dmca_notices").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const targets = await db.selectFrom("dmca_notice_targets").selectAll().where("notice_id", "=", id).orderBy("id").execute();
  const links = await linkRefs(
    db,
    targets.map((t) => t.link_id).filter((v): v is number => v !== null),
  );
  const titles = await titleRefs(db, [
    ...targets.map((t) => t.title_id).filter((v): v is number => v !== null),
    ...[...links.values()].map((l) => l.titleId),
  ]);
  return {
    kind: "dmca",
    id: row.id,
    name: row.name,
    email: row.email,
    contentUrl: row.content_url,
    contentType: row.content_type,
    copyrightProof: row.copyright_proof,
    message: row.message,
    declaration: Boolean(row.declaration),
    status: row.status,
    resolutionNote: row.resolution_note,
    createdAt: String(row.created_at),
    ...(await resolutionOf(db, row)),
    targets: targets.map((t) => {
      const link = t.link_id ? (links.get(t.link_id) ?? null) : null;
      const titleId = link?.titleId ?? t.title_id;
      return {
        id: t.id,
        origin: t.origin,
        title: titleId ? (titles.get(titleId) ?? null) : null,
        link,
        disabledAt: t.disabled_at,
        reenabledAt: t.reenabled_at,
        active: t.disabled_at !== null && t.reenabled_at === null,
      };
    }),
  };
}

/** What the take-down offers: the titles the notice's URL named (with their links), then what the admin searched for. */
async function takeDownCandidates(db: Db, item: DmcaDetail, find: string): Promise<TitleWithLinks[]> {
  if (item.status === "rejected") return noCandidates();
  const named = [...new Set(item.targets.map((t) => t.title?.id).filter((v): v is number => v !== undefined))];
  const refs = await titleRefs(db, named);
  const links = await linksOfTitles(db, named);
  const fromNotice = named.flatMap((id) => {
    const ref = refs.get(id);
    return ref ? [{ ...ref, links: links.filter((l) => l.titleId === id) }] : [];
  });
  const found = find ? await findCatalogueTitles(db, find) : [];
  return [...fromNotice, ...found.filter((t) => !named.includes(t.id))];
}

export const dmcaInbox: InboxKindSource<DmcaDetail> = {
  list: (db, params) =>
    listNewestFirst(db.selectFrom("dmca_notices"), params, {
      search: ["name", "email", "content_url", "message"],
      select: (rows) => rows.select(["id", "name", "email", "content_url", "status", "read_at", "created_at"]),
      toRow: (r) => ({ title: r.content_url, detail: `${r.name} <${r.email}>` }),
    }),
  ...singleRowItems("dmca_notices"),
  detail: getDmcaDetail,
  candidates: takeDownCandidates,
  async reopen(db, actor, id) {
    await setDmcaStatus(db, actor, id, "received");
    return DMCA_ACTION_MESSAGES.reopened;
  },
};
