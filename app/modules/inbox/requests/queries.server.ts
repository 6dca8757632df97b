import type { Db } from "#app/db/client.server.ts";
import { findCatalogueTitles, titleRefs, type CatalogueTitleRef } from "#app/modules/catalogue/link-refs.server.ts";
import type { InboxStatus } from "#app/modules/inbox/inbox.ts";
import {
  listNewestFirst,
  noCandidates,
  resolutionOf,
  singleRowItems,
  type InboxKindSource,
  type Resolution,
} from "#app/modules/inbox/source.server.ts";
import { setRequestStatus } from "./actions.server.ts";
import { REQUEST_TRIAGE_MESSAGES } from "./schema.ts";

/** Content requests in the admin inbox: the list, an item with everyone who asked, and what can fulfil it. */

/** One person's ask, as stored and shown (content_request_submissions). */
export interface RequestSubmission {
  id: number;
  source: string;
  name: string | null;
  email: string | null;
  contentType: string | null;
  title: string | null;
  year: string | null;
  imdbUrl: string | null;
  message: string | null;
  quality: string | null;
  /** "City, Region, Country" as far as known. */
  location: string | null;
  coordinates: { latitude: number; longitude: number } | null;
  createdAt: string;
}

export interface RequestDetail extends Resolution {
  kind: "requests";
  id: number;
  title: string;
  year: number | null;
  contentType: string;
  imdbId: string | null;
  tmdbId: number | null;
  quality: string | null;
  status: InboxStatus<"requests">;
  requestCount: number;
  /** The catalogue title a quick request asks a quality of. */
  catalogueTitle: CatalogueTitleRef | null;
  fulfilledTitle: CatalogueTitleRef | null;
  declineReason: string | null;
  createdAt: string;
  submissions: RequestSubmission[];
}

export async function getRequestDetail(db: Db, id: number): Promise<RequestDetail | null> {
  const row = await db.selectFrom("content_requests").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const submissions = await db.selectFrom("content_request_submissions").selectAll().where("request_id", "=", id).orderBy("id").execute();
  const titles = await titleRefs(
    db,
    [row.title_id, row.fulfilled_title_id].filter((v): v is number => v !== null),
  );
  return {
    kind: "requests",
    id: row.id,
    title: row.title,
    year: row.year,
    contentType: row.content_type,
    imdbId: row.imdb_id,
    tmdbId: row.tmdb_id,
    quality: row.quality,
    status: row.status,
    requestCount: Number(row.request_count),
    catalogueTitle: row.title_id ? (titles.get(row.title_id) ?? null) : null,
    fulfilledTitle: row.fulfilled_title_id ? (titles.get(row.fulfilled_title_id) ?? null) : null,
    declineReason: row.decline_reason,
    createdAt: String(row.created_at),
    ...(await resolutionOf(db, row)),
    submissions: submissions.map((s) => ({
      id: s.id,
      source: s.source,
      name: s.name,
      email: s.email,
      contentType: s.content_type,
      title: s.title,
      year: s.year,
      imdbUrl: s.imdb_url,
      message: s.message,
      quality: s.quality,
      location: [s.city, s.region, s.country].filter(Boolean).join(", ") || null,
      coordinates: s.latitude !== null && s.longitude !== null ? { latitude: Number(s.latitude), longitude: Number(s.longitude) } : null,
      createdAt: String(s.created_at),
    })),
  };
}

export const requestsInbox: InboxKindSource<RequestDetail> = {
  list: (db, params) =>
    listNewestFirst(db.selectFrom("content_requests"), params, {
      search: ["title", "name", "email", "message"],
      select: (rows) => rows.select(["id", "title", "year", "quality", "name", "status", "read_at", "created_at", "request_count"]),
      toRow: (r) => ({
        title: `${r.title}${r.year ? ` (${r.year})` : ""}${r.quality ? ` · ${r.quality}` : ""}`,
        detail: r.name,
        count: Number(r.request_count),
      }),
    }),
  ...singleRowItems("content_requests"),
  detail: getRequestDetail,
  // A pending request offers the titles matching the admin's search, or its own title.
  candidates: (db, item, find) => (item.status === "pending" ? findCatalogueTitles(db, find || item.title) : noCandidates()),
  async reopen(db, actor, id) {
    await setRequestStatus(db, actor, id, { status: "pending" });
    return REQUEST_TRIAGE_MESSAGES.reopened;
  },
};
