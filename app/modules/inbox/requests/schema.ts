import { z } from "#app/utils/zod.ts";
import { REQUEST_CONTENT_TYPES, REQUEST_QUALITY_OPTIONS, YEAR_RANGE } from "#app/constants.ts";
import { choice, honeypot, idField, isEmail, isYear, LIMITS, optional, required } from "#app/modules/inbox/forms.ts";
import { imdbIdFromUrl } from "#app/utils/imdb.ts";
import { QUICK_REQUEST_MESSAGES } from "./messages.ts";

/**
 * Content requests: the three ways a visitor asks for a title (the request form,
 * a title page's quick request, "Request" on a title only TMDB knows), what each
 * stores, and the admin's triage forms (fulfil, decline).
 */

export const REQUEST_MESSAGES = {
  emailInvalid: "Please enter a valid email address",
  type: "Please select content type",
  yearInvalid: "Please enter a valid 4-digit year",
  imdb: "Invalid URL or something went wrong. Please check the IMDB URL and try again.",
  success: "Your request has been submitted successfully!",
  failure: "Something went wrong. Please try again later.",
} as const;

/** "Please enter the name of the movie": the type as chosen, or "content" before one is. */
export function contentNameMessage(type: string | undefined): string {
  const known = (REQUEST_CONTENT_TYPES as readonly string[]).includes(type ?? "");
  return `Please enter the name of the ${known ? type!.toLowerCase() : "content"}`;
}

/** The success's echo of what was sent, so the visitor sees it arrived though the form is cleared. */
export function requestReceived(form: { movieSeriesName: string; year: string | null; email: string | null }): string {
  const year = form.year === null ? "" : ` (${form.year.trim()})`;
  const reply = form.email === null ? "" : ` We will write to ${form.email.trim()} when it is added.`;
  return `We received your request for “${form.movieSeriesName.trim()}”${year}.${reply}`;
}

/** "3 people have asked for this title." People, not submissions: a repeat ask is said as such. */
export function askedCountMessage({ requestCount, repeat }: { requestCount: number; repeat: boolean }): string {
  if (repeat)
    return requestCount === 1
      ? "You have asked for this title before."
      : `You have asked for this title before; ${requestCount} people have asked in all.`;
  return requestCount === 1 ? "You are the first to ask for this title." : `${requestCount} people have asked for this title.`;
}

// ---------------------------------------------------------------- visitor forms

function requestSchemaFor(type: string | undefined) {
  return z.object({
    ...honeypot,
    // Only the title and its type are needed (docs/product/decisions.md "Visitor forms"): the e-mail only for a reply.
    name: optional(LIMITS.name),
    email: optional(LIMITS.email).refine((v) => v === null || isEmail(v), REQUEST_MESSAGES.emailInvalid),
    type: choice(REQUEST_CONTENT_TYPES, REQUEST_MESSAGES.type),
    movieSeriesName: required(LIMITS.title, contentNameMessage(type)),
    year: z
      .string({ error: REQUEST_MESSAGES.yearInvalid })
      .refine((v) => v.length <= LIMITS.year, { message: `Please keep this under ${LIMITS.year} characters`, abort: true })
      .optional()
      .transform((v) => (v === undefined || v.trim() === "" ? null : v))
      .refine((v) => v === null || isYear(v.trim()), REQUEST_MESSAGES.yearInvalid),
    imdbUrl: optional(LIMITS.url).refine((v) => v === null || imdbIdFromUrl(v) !== null, REQUEST_MESSAGES.imdb),
    message: optional(LIMITS.message),
  });
}

/** The request form; the content name's message names the type chosen in the same submission. */
export const requestSchema = z.unknown().transform((input, ctx) => {
  const type = input !== null && typeof input === "object" ? (input as Record<string, unknown>).type : undefined;
  const result = requestSchemaFor(typeof type === "string" ? type : undefined).safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});
export type RequestForm = z.output<typeof requestSchema>;

export const quickRequestSchema = z.object({
  ...honeypot,
  quality: choice(REQUEST_QUALITY_OPTIONS, QUICK_REQUEST_MESSAGES.quality),
});
export type QuickRequestForm = z.output<typeof quickRequestSchema>;

/**
 * "Request" on a title only TMDB knows (the search page, a TMDB-only title page):
 * the hidden fields of its button.
 */
export const searchRequestSchema = z.object({
  ...honeypot,
  tmdbId: z
    .string({ error: REQUEST_MESSAGES.failure })
    .regex(/^[1-9]\d{0,8}$/, REQUEST_MESSAGES.failure)
    .transform(Number),
  type: z.enum(["movie", "tv"], { error: REQUEST_MESSAGES.failure }),
  title: required(LIMITS.title, REQUEST_MESSAGES.failure).transform((v) => v.trim()),
  year: z
    .string({ error: REQUEST_MESSAGES.failure })
    .optional()
    .refine((v) => v === undefined || v === "" || isYear(v), REQUEST_MESSAGES.failure)
    .transform((v) => (v ? Number(v) : null)),
});
export type SearchRequestForm = z.output<typeof searchRequestSchema>;

// ---------------------------------------------------------------- what is stored

export const REQUEST_SOURCES = ["form", "quick", "tmdb-search"] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

/** What every way of asking for a title stores (the request form adds name, email and message). */
export const contentRequestInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(320).email().nullable().default(null),
  contentType: z.enum(REQUEST_CONTENT_TYPES),
  title: z.string().trim().min(1).max(500),
  year: z.number().int().min(YEAR_RANGE.min).max(YEAR_RANGE.max).nullable().default(null),
  imdbId: z
    .string()
    .regex(/^tt\d{7,10}$/)
    .nullable()
    .default(null),
  tmdbId: z.number().int().positive().max(999_999_999).nullable().default(null),
  message: z.string().trim().max(5_000).nullable().default(null),
  source: z.enum(REQUEST_SOURCES),
});

export type ContentRequestInput = z.input<typeof contentRequestInputSchema>;

/** The merge key of a title as typed: lowercased, spacing and punctuation runs collapsed. */
export function requestTitleKey(title: string): string {
  return title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

// ---------------------------------------------------------------- the admin's triage

export const DECLINE_REASON_REQUIRED = "Give a reason for declining this request.";
export const CHOOSE_FULFILLING_TITLE = "Choose the catalogue title that fulfils this request.";

/** What the admin is told after each change. */
export const REQUEST_TRIAGE_MESSAGES = {
  fulfilled: "Request marked fulfilled",
  declined: "Request declined",
  reopened: "Request reopened",
} as const;

/** "Mark fulfilled": the catalogue title (a radio choice) that fulfils the request. */
export const fulfillRequestSchema = z.object({
  fulfilledTitleId: idField(CHOOSE_FULFILLING_TITLE),
});

/** "Decline request": the reason, which the request keeps. */
export const declineRequestSchema = z.object({
  reason: required(LIMITS.note, DECLINE_REASON_REQUIRED),
});
