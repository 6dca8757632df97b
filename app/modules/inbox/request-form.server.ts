import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import type { GeoLocation } from "#app/integrations/geoip/geoip.server.ts";
import type { TitleType } from "#app/db/schema.ts";
import type { InboxEvent } from "./events.ts";
import { imdbIdFromUrl, type QuickRequestForm, type RequestForm, type SearchRequestForm } from "./forms.ts";
import { lockForMerge } from "./merge-lock.server.ts";
import { addRequestSubmission, fileContentRequest } from "./requests.server.ts";
import { requestTitleKey } from "./requests.ts";

export interface SubmittedRequest {
  event: InboxEvent;
  /** How many people asked for it so far, this one included. */
  requestCount: number;
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
      name: form.name,
      email: form.email.trim(),
      contentType: form.type,
      title: form.movieSeriesName,
      year: Number(form.year),
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
    event: {
      kind: "requests",
      id: filed.id,
      merged: filed.merged,
      summary: `Content request: "${form.movieSeriesName.trim()}" (${form.year})`,
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
 * counted again by each asker, with each asker's location (never the address).
 */
export async function submitQuickRequest(
  db: Db,
  title: QuickRequestTitle,
  form: QuickRequestForm,
  client: { hash: string | null; location: GeoLocation | null },
): Promise<SubmittedRequest> {
  const at = new Date().toISOString();
  const { id, requestCount, merged } = await inTransaction(db, async (trx) => {
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
    if (existing) {
      id = Number(existing.id);
      requestCount = Number(existing.request_count) + 1;
      await trx
        .updateTable("content_requests")
        .set((eb) => ({ request_count: eb("request_count", "+", 1), updated_at: at, read_at: null }))
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
    return { id, requestCount, merged: Boolean(existing) };
  });
  const place = client.location ? [client.location.city, client.location.region, client.location.country].filter(Boolean).join(", ") : null;
  return {
    requestCount,
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
