import type { Db } from "#app/db/client.server.ts";
import type { ContentRequestSource, ContentRequestStatus, ContentRequestType, LinkReportStatus } from "#app/db/schema.ts";
import { requestTitleKey } from "#app/modules/inbox/requests/schema.ts";

/**
 * Inbox rows written straight into the tables, exactly as the visitor forms store
 * them (db/migrations/2026-11-22T2000_inbox.ts): a request with one
 * content_request_submissions row per person, reports grouped under their first
 * open report (primary_id), notices with the targets their URL resolved to.
 */

let clock = Date.parse("2026-11-01T00:00:00.000Z");
/** Increasing timestamps, so "newest first" is well defined. */
export function nextTime(): string {
  clock += 60_000;
  return new Date(clock).toISOString();
}

export interface SubmissionSeed {
  name?: string | null;
  email?: string | null;
  message?: string | null;
  quality?: string | null;
  country?: string | null;
  region?: string | null;
  city?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  source?: ContentRequestSource;
}

export interface RequestSeed {
  title: string;
  year?: number | null;
  contentType?: ContentRequestType;
  status?: ContentRequestStatus;
  quality?: string | null;
  titleId?: number | null;
  tmdbId?: number | null;
  readAt?: string | null;
  createdAt?: string;
  /** One row per person; the request's count and first asker follow from them. */
  submissions?: SubmissionSeed[];
}

export async function insertRequest(db: Db, seed: RequestSeed): Promise<number> {
  const createdAt = seed.createdAt ?? nextTime();
  const submissions = seed.submissions?.length ? seed.submissions : [{ name: "Visitor", email: "visitor@example.com" }];
  const first = submissions[0]!;
  const source = first.source ?? "form";
  const { id } = await db
    .insertInto("content_requests")
    .values({
      name: first.name ?? "",
      email: first.email ?? null,
      content_type: seed.contentType ?? "Movie",
      title: seed.title,
      title_key: requestTitleKey(seed.title),
      year: seed.year ?? null,
      imdb_id: null,
      tmdb_id: seed.tmdbId ?? null,
      message: first.message ?? null,
      source,
      status: seed.status ?? "pending",
      request_count: submissions.length,
      title_id: seed.titleId ?? null,
      quality: seed.quality ?? null,
      read_at: seed.readAt ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const s of submissions) {
    await db
      .insertInto("content_request_submissions")
      .values({
        request_id: id,
        source: s.source ?? source,
        name: s.name ?? null,
        email: s.email ?? null,
        content_type: seed.contentType ?? "Movie",
        title: seed.title,
        year: seed.year ? String(seed.year) : null,
        imdb_url: null,
        message: s.message ?? null,
        quality: s.quality ?? seed.quality ?? null,
        country: s.country ?? null,
        region: s.region ?? null,
        city: s.city ?? null,
        latitude: s.latitude ?? null,
        longitude: s.longitude ?? null,
        client_hash: null,
        created_at: nextTime(),
      })
      .execute();
  }
  return id;
}

export interface ReportSeed {
  contentName: string;
  linkId?: number | null;
  linkUrl?: string | null;
  titleId?: number | null;
  primaryId?: number | null;
  status?: LinkReportStatus;
  seasonEpisode?: string | null;
  quality?: string | null;
  linkType?: string | null;
  additionalInfo?: string | null;
  readAt?: string | null;
  createdAt?: string;
}

export async function insertReport(db: Db, seed: ReportSeed): Promise<number> {
  const createdAt = seed.createdAt ?? nextTime();
  const { id } = await db
    .insertInto("link_reports")
    .values({
      primary_id: seed.primaryId ?? null,
      link_id: seed.linkId ?? null,
      link_url: seed.linkUrl ?? null,
      title_id: seed.titleId ?? null,
      content_name: seed.contentName,
      season_episode: seed.seasonEpisode ?? null,
      quality: seed.quality ?? null,
      link_type: seed.linkType ?? null,
      additional_info: seed.additionalInfo ?? null,
      status: seed.status ?? "open",
      resolution_note: null,
      client_hash: null,
      read_at: seed.readAt ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A report and `more` reports of the same link merged into it; returns the primary's id and the merged ones'. */
export async function insertReportGroup(db: Db, seed: ReportSeed, more: number): Promise<{ primaryId: number; mergedIds: number[] }> {
  const primaryId = await insertReport(db, seed);
  const mergedIds: number[] = [];
  for (let i = 0; i < more; i++) {
    mergedIds.push(await insertReport(db, { ...seed, primaryId, createdAt: undefined, additionalInfo: `Also broken for me (${i + 1})` }));
  }
  return { primaryId, mergedIds };
}

export interface ContactSeed {
  name?: string;
  email?: string;
  subject?: string | null;
  message?: string;
  status?: "new" | "answered" | "archived";
  readAt?: string | null;
  createdAt?: string;
}

export async function insertContactMessage(db: Db, seed: ContactSeed = {}): Promise<number> {
  const createdAt = seed.createdAt ?? nextTime();
  const { id } = await db
    .insertInto("contact_messages")
    .values({
      name: seed.name ?? "Ada Visitor",
      email: seed.email ?? "ada@example.com",
      subject: seed.subject === undefined ? "A question" : seed.subject,
      message: seed.message ?? "Hello, how do I download a season at once?",
      status: seed.status ?? "new",
      client_hash: null,
      read_at: seed.readAt ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export interface DmcaSeed {
  name?: string;
  email?: string;
  contentUrl?: string;
  message?: string | null;
  status?: "received" | "actioned" | "rejected";
  readAt?: string | null;
  createdAt?: string;
  /** What the notice's URL resolved to (origin 'url'): a link, or a whole title when linkId is absent. */
  targets?: { titleId: number; linkId?: number | null }[];
}

export async function insertDmcaNotice(db: Db, seed: DmcaSeed = {}): Promise<number> {
  const createdAt = seed.createdAt ?? nextTime();
  const { id } = await db
    .insertInto("dmca_notices")
    .values({
      name: seed.name ?? "Rights Holder Ltd",
      email: seed.email ?? "legal@rights.example",
      content_url: seed.contentUrl ?? "https://cinedex.example/movie/1/some-film",
      content_type: "Movie",
      copyright_proof: "We own the distribution rights; registration no. 123.",
      message: seed.message === undefined ? "Please remove." : seed.message,
      declaration: true,
      status: seed.status ?? "received",
      resolution_note: null,
      client_hash: null,
      read_at: seed.readAt ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const t of seed.targets ?? []) {
    await db
      .insertInto("dmca_notice_targets")
      .values({ notice_id: id, title_id: t.titleId, link_id: t.linkId ?? null, origin: "url", disabled_at: null, reenabled_at: null })
      .execute();
  }
  return id;
}

/** Inbox rows a test added, by kind, so it can remove them (tests on a shared server must leave its counts as they were). */
export interface SeededInbox {
  requests: number[];
  reports: number[];
  contact: number[];
  dmca: number[];
}

export const seededNone = (): SeededInbox => ({ requests: [], reports: [], contact: [], dmca: [] });

export async function removeSeeded(db: Db, seeded: SeededInbox): Promise<void> {
  if (seeded.requests.length) await db.deleteFrom("content_requests").where("id", "in", seeded.requests).execute();
  if (seeded.reports.length) {
    await db.deleteFrom("link_reports").where("primary_id", "in", seeded.reports).execute();
    await db.deleteFrom("link_reports").where("id", "in", seeded.reports).execute();
  }
  if (seeded.contact.length) await db.deleteFrom("contact_messages").where("id", "in", seeded.contact).execute();
  if (seeded.dmca.length) await db.deleteFrom("dmca_notices").where("id", "in", seeded.dmca).execute();
}
