import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { parseOrThrow } from "#app/utils/validation.ts";
import type { GeoLocation } from "#app/integrations/geoip/geoip.server.ts";
import { lockForMerge } from "./merge-lock.server.ts";
import { contentRequestInputSchema, requestTitleKey, type ContentRequestInput, type RequestSource } from "./requests.ts";

export interface FiledRequest {
  id: number;
  /** How many people asked for this title so far, this one included. */
  requestCount: number;
  /** True when the request joined an earlier pending one for the same title. */
  merged: boolean;
}

/**
 * One person's ask as they sent it (content_request_submissions). Fields left out
 * are taken from the request itself.
 */
export interface RequestSubmission {
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
  submission: Required<Omit<RequestSubmission, "location">> & { location: GeoLocation | null },
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
 * Stores a visitor's content request. A pending request for the same title (same
 * TMDB id, same IMDb id, or the same title and year) is counted again instead of
 * stored twice, so the inbox shows each wanted title once with its demand.
 */
export async function fileContentRequest(db: Db, input: ContentRequestInput, submission: RequestSubmission = {}): Promise<FiledRequest> {
  const request = parseOrThrow(contentRequestInputSchema, input);
  const asked = {
    name: submission.name ?? request.name,
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
      const requestCount = Number(existing.request_count) + 1;
      await trx
        .updateTable("content_requests")
        .set((eb) => ({
          request_count: eb("request_count", "+", 1),
          updated_at: now,
          // Someone new asked: it is news to the admins again.
          read_at: null,
          tmdb_id: eb.fn.coalesce("tmdb_id", eb.val(request.tmdbId)),
          imdb_id: eb.fn.coalesce("imdb_id", eb.val(request.imdbId)),
        }))
        .where("id", "=", existing.id)
        .execute();
      await addRequestSubmission(trx, Number(existing.id), request.source, asked, now);
      return { id: Number(existing.id), requestCount, merged: true };
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
    return { id: Number(row.id), requestCount: 1, merged: false };
  });
}
