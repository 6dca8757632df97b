import type { Db } from "#app/db/client.server.ts";
import type { TitleType } from "#app/db/schema.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import type { GeoLocation } from "#app/integrations/geoip/geoip.server.ts";
import type { InboxEvent } from "#app/modules/inbox/events.ts";
import { lockForMerge } from "#app/modules/inbox/merge-lock.server.ts";
import { parseOrThrow } from "#app/utils/validation.ts";
import {
  contentRequestInputSchema,
  requestTitleKey,
  type ContentRequestInput,
  type QuickRequestForm,
  type RequestForm,
  type RequestSource,
  type SearchRequestForm,
} from "./schema.ts";
import { imdbIdFromUrl } from "#app/utils/imdb.ts";

/**
 * Storing what visitors ask for. Every way of asking lands in one pending request
 * per wanted title (its merge key: title and year, IMDb id or TMDB id; quick
 * requests: title and quality), counted once per person (address hash or e-mail),
 * with every submission kept exactly as sent.
 */

export interface FiledRequest {
  id: number;
  /** How many people asked for this title so far, this one included. */
  requestCount: number;
  /** True when the request joined an earlier pending one for the same title. */
  merged: boolean;
  /** True when this person had asked for it before (not counted again). */
  repeat: boolean;
}

/**
 * One person's ask as they sent it (content_request_submissions). Fields left out
 * are taken from the request itself.
 */
export interface RequestSubmissionInput {
  name?: string | null;
  email?: string | null;
  contentType?: string | null;
  title?: string | null;
  /** The year exactly as typed. */
  year?: string | null;
  imdbUrl?: string | null;
  message?: string | null;
  quality?: string | null;
  location?: GeoLocation | null;
  clientHash?: string | null;
}

/** Adds the asker's own row behind a content request. */
export async function addRequestSubmission(
  trx: Db,
  requestId: number,
  source: RequestSource,
  submission: Required<Omit<RequestSubmissionInput, "location">> & { location: GeoLocation | null },
  at: string,
): Promise<void> {
  await trx
    .insertInto("content_request_submissions")
    .values({
      request_id: requestId,
      source,
      name: submission.name,
      email: submission.email,
      content_type: submission.contentType,
      title: submission.title,
      year: submission.year,
      imdb_url: submission.imdbUrl,
      message: submission.message,
      quality: submission.quality,
      country: submission.location?.country ?? null,
      region: submission.location?.region ?? null,
      city: submission.location?.city ?? null,
      latitude: submission.location?.latitude ?? null,
      longitude: submission.location?.longitude ?? null,
      client_hash: submission.clientHash,
      created_at: at,
    })
    .execute();
}

/**
 * True when this person already asked for the request. A submission with an e-mail
 * is that e-mail's (any case); one without is its keyed address hash's, so two
 * people behind one address who give their e-mails count as two. A repeat ask is
 * kept as a submission but is not one more person: "N people have asked" counts people.
 */
async function askedBefore(trx: Db, requestId: number, who: { clientHash: string | null; email: string | null }): Promise<boolean> {
  const email = who.email?.trim().toLowerCase() || null;
  if (who.clientHash === null && email === null) return false;
  const row = await trx
    .selectFrom("content_request_submissions")
    .select("id")
    .where("request_id", "=", requestId)
    .where((eb) => {
      const same = [];
      if (email !== null) same.push(eb(eb.fn("lower", ["email"]), "=", email));
      if (who.clientHash !== null) {
        const sameAddress = eb("client_hash", "=", who.clientHash);
        same.push(email === null ? sameAddress : eb.and([sameAddress, eb("email", "is", null)]));
      }
      return eb.or(same);
    })
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores a visitor's content request. A pending request for the same title (same
 * TMDB id, same IMDb id, or the same title and year) counts one more person instead of
 * stored twice, so the inbox shows each wanted title once with its demand.
 */
export async function fileContentRequest(
  db: Db,
  input: ContentRequestInput,
  submission: RequestSubmissionInput = {},
): Promise<FiledRequest> {
  const request = parseOrThrow(contentRequestInputSchema, input);
  const asked = {
    // A name left blank stays blank in the asker's row (the request row's name is only a label).
    name: submission.name !== undefined ? submission.name : request.name,
    email: submission.email ?? request.email,
    contentType: submission.contentType ?? request.contentType,
    title: submission.title ?? request.title,
    year: submission.year ?? (request.year === null ? null : String(request.year)),
    imdbUrl: submission.imdbUrl ?? null,
    message: submission.message ?? request.message,
    quality: submission.quality ?? null,
    location: submission.location ?? null,
    clientHash: submission.clientHash ?? null,
  };
  const titleKey = requestTitleKey(request.title);
  const now = new Date().toISOString();
  return inTransaction(db, async (trx) => {
    // One lock for all requests: a merge can match on title and year or on an id.
    await lockForMerge(trx, "requests");
    const existing = await trx
      .selectFrom("content_requests")
      .select(["id", "request_count"])
      .where("status", "=", "pending")
      // Quick requests (a quality of a catalogue title) are grouped on their own.
      .where("quality", "is", null)
      .where((eb) => {
        const same = [
          eb.and([eb("title_key", "=", titleKey), request.year === null ? eb("year", "is", null) : eb("year", "=", request.year)]),
        ];
        if (request.tmdbId !== null) same.push(eb("tmdb_id", "=", request.tmdbId));
        if (request.imdbId !== null) same.push(eb("imdb_id", "=", request.imdbId));
        return eb.or(same);
      })
      .orderBy("id")
      .executeTakeFirst();
    if (existing) {
      const repeat = await askedBefore(trx, Number(existing.id), asked);
      const requestCount = Number(existing.request_count) + (repeat ? 0 : 1);
      await trx
        .updateTable("content_requests")
        .set((eb) => ({
          request_count: requestCount,
          updated_at: now,
          // Someone new asked: it is news to the admins again.
          ...(repeat ? {} : { read_at: null }),
          tmdb_id: eb.fn.coalesce("tmdb_id", eb.val(request.tmdbId)),
          imdb_id: eb.fn.coalesce("imdb_id", eb.val(request.imdbId)),
        }))
        .where("id", "=", existing.id)
        .execute();
      await addRequestSubmission(trx, Number(existing.id), request.source, asked, now);
      return { id: Number(existing.id), requestCount, merged: true, repeat };
    }
    const row = await trx
      .insertInto("content_requests")
      .values({
        name: request.name,
        email: request.email,
        content_type: request.contentType,
        title: request.title,
        title_key: titleKey,
        year: request.year,
        imdb_id: request.imdbId,
        tmdb_id: request.tmdbId,
        message: request.message,
        source: request.source,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addRequestSubmission(trx, Number(row.id), request.source, asked, now);
    return { id: Number(row.id), requestCount: 1, merged: false, repeat: false };
  });
}

export interface SubmittedRequest {
  event: InboxEvent;
  /** How many people asked for it so far, this one included. */
  requestCount: number;
  /** True when this person had asked for it before. */
  repeat: boolean;
}

/**
 * The request form (/request): merged with a pending request for the same title
 * and year or the same IMDb id, and the visitor's own submission kept as typed.
 */
export async function submitContentRequest(db: Db, form: RequestForm, clientHash: string | null): Promise<SubmittedRequest> {
  const imdbId = form.imdbUrl === null ? null : imdbIdFromUrl(form.imdbUrl);
  const filed = await fileContentRequest(
    db,
    {
      // The request row needs a name; the submission keeps what was typed (nothing, when nothing was).
      name: form.name?.trim() || "Visitor (request form)",
      email: form.email?.trim() ?? null,
      contentType: form.type,
      title: form.movieSeriesName,
      year: form.year === null ? null : Number(form.year),
      imdbId,
      message: form.message,
      source: "form",
    },
    {
      name: form.name,
      email: form.email,
      contentType: form.type,
      title: form.movieSeriesName,
      year: form.year,
      imdbUrl: form.imdbUrl,
      message: form.message,
      clientHash,
    },
  );
  return {
    requestCount: filed.requestCount,
    repeat: filed.repeat,
    event: {
      kind: "requests",
      id: filed.id,
      merged: filed.merged,
      summary: `Content request: "${form.movieSeriesName.trim()}"${form.year === null ? "" : ` (${form.year.trim()})`}`,
      fields: {
        name: form.name,
        email: form.email,
        type: form.type,
        movieSeriesName: form.movieSeriesName,
        year: form.year,
        imdbUrl: form.imdbUrl,
        message: form.message,
        requestCount: filed.requestCount,
      },
      at: new Date().toISOString(),
    },
  };
}

/**
 * "Request" on a title only TMDB knows: merged like any request (the TMDB id is
 * part of the merge key), with no name or e-mail to keep.
 */
export async function submitSearchRequest(db: Db, form: SearchRequestForm, clientHash: string | null): Promise<SubmittedRequest> {
  const contentType = form.type === "tv" ? "Series" : "Movie";
  const filed = await fileContentRequest(
    db,
    { name: "Visitor (search)", contentType, title: form.title, year: form.year, tmdbId: form.tmdbId, source: "tmdb-search" },
    { name: null, email: null, clientHash },
  );
  return {
    requestCount: filed.requestCount,
    repeat: filed.repeat,
    event: {
      kind: "requests",
      id: filed.id,
      merged: filed.merged,
      summary: `Content request from search: "${form.title}"${form.year ? ` (${form.year})` : ""}`,
      fields: { title: form.title, type: contentType, year: form.year, tmdbId: form.tmdbId, requestCount: filed.requestCount },
      at: new Date().toISOString(),
    },
  };
}

/** The catalogue title a quick request names. */
export interface QuickRequestTitle {
  id: number;
  type: TitleType;
  title: string;
  year: number | null;
  tmdbId: number | null;
  imdbId: string | null;
}

/**
 * A quick request from a title page: one pending request per title and quality,
 * counted once per asker, with each asker's location (never the address).
 */
export async function submitQuickRequest(
  db: Db,
  title: QuickRequestTitle,
  form: QuickRequestForm,
  client: { hash: string | null; location: GeoLocation | null },
): Promise<SubmittedRequest> {
  const at = new Date().toISOString();
  const { id, requestCount, merged, repeat } = await inTransaction(db, async (trx) => {
    await lockForMerge(trx, `quick:${title.id}`);
    const existing = await trx
      .selectFrom("content_requests")
      .select(["id", "request_count"])
      .where("status", "=", "pending")
      .where("title_id", "=", title.id)
      .where("quality", "=", form.quality)
      .orderBy("id")
      .executeTakeFirst();
    let id: number;
    let requestCount = 1;
    let repeat = false;
    if (existing) {
      id = Number(existing.id);
      repeat = await askedBefore(trx, id, { clientHash: client.hash, email: null });
      requestCount = Number(existing.request_count) + (repeat ? 0 : 1);
      await trx
        .updateTable("content_requests")
        .set({ request_count: requestCount, updated_at: at, ...(repeat ? {} : { read_at: null }) })
        .where("id", "=", id)
        .execute();
    } else {
      const row = await trx
        .insertInto("content_requests")
        .values({
          name: "Visitor (title page)",
          email: null,
          content_type: title.type === "tv" ? "Series" : "Movie",
          title: title.title,
          title_key: requestTitleKey(title.title),
          year: title.year,
          imdb_id: title.imdbId,
          tmdb_id: title.tmdbId,
          message: null,
          source: "quick",
          title_id: title.id,
          quality: form.quality,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    }
    await addRequestSubmission(
      trx,
      id,
      "quick",
      {
        name: null,
        email: null,
        contentType: title.type === "tv" ? "Series" : "Movie",
        title: title.title,
        year: title.year === null ? null : String(title.year),
        imdbUrl: null,
        message: null,
        quality: form.quality,
        location: client.location,
        clientHash: client.hash,
      },
      at,
    );
    return { id, requestCount, merged: Boolean(existing), repeat };
  });
  const place = client.location ? [client.location.city, client.location.region, client.location.country].filter(Boolean).join(", ") : null;
  return {
    requestCount,
    repeat,
    event: {
      kind: "requests",
      id,
      merged,
      summary: `Quick request: "${title.title}"${title.year ? ` (${title.year})` : ""} in ${form.quality}`,
      fields: { titleId: title.id, title: title.title, quality: form.quality, location: place || null, requestCount },
      at,
    },
  };
}
