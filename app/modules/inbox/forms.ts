import { z } from "zod";
import {
  BROKEN_REPORT_LINK_TYPES,
  BROKEN_REPORT_QUALITIES,
  DMCA_CONTENT_TYPES,
  REQUEST_CONTENT_TYPES,
  REQUEST_QUALITY_OPTIONS,
  YEAR_RANGE,
} from "#app/constants.ts";

/**
 * The visitor forms' schemas (SPEC.md "Validation rules"), one per form, used by
 * the route actions and by the browser before it posts, so both sides apply the
 * same rules and messages. Values are kept exactly as typed: checks look at the
 * trimmed text, but what is stored is what the visitor sent.
 */

export const CONTACT_MESSAGES = {
  required: "Please fill in all required fields.",
  email: "Please enter a valid email address.",
  success: "Message sent successfully! We'll get back to you soon.",
  failure: "Something went wrong. Please try again.",
} as const;

export const REQUEST_MESSAGES = {
  name: "Please enter your name",
  email: "Please enter your email",
  emailInvalid: "Please enter a valid email address",
  type: "Please select content type",
  year: "Please enter the year of release",
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

export const REPORT_MESSAGES = {
  contentName: "Please enter the content name",
  quality: "Please select the quality",
  linkType: "Please select the link type",
  success: "Report submitted successfully! We will fix it as soon as possible.",
  failure: "Something went wrong. Please try again later.",
} as const;

export const DMCA_MESSAGES = {
  required: "Please fill in all required fields",
  email: "Please enter a valid email address",
  url: "Please enter a valid URL for the content",
  success: "Your DMCA request has been submitted successfully!",
  failure: "Something went wrong. Please try again later.",
} as const;

export const QUICK_REQUEST_MESSAGES = {
  quality: "Please choose a quality",
  pending: "Please wait...",
  success: "Thanks for requesting!",
  failure: "Something went wrong, please try again.",
} as const;

/** Shown on the form (and answered with 429) when one client posts too often. */
export const RATE_LIMITED = "You have sent this form several times in a row. Please wait a minute and try again.";
export const INVALID_CHARACTERS = "This field contains characters that cannot be saved.";

/** Field length limits, shared by the inputs' maxLength and the schemas. */
export const LIMITS = {
  name: 200,
  email: 320,
  subject: 200,
  message: 5_000,
  title: 500,
  year: 4,
  url: 2_000,
  seasonEpisode: 100,
  honeypot: 500,
} as const;

/** The hidden field only robots fill in; a submission with it is answered as a success and dropped. */
export const HONEYPOT_FIELD = "website";

// PostgreSQL text cannot hold NUL; nothing a person types contains one.
const hasNul = (v: string) => v.includes("\0");

/** A required text: present, a single string, not blank, at most `max` long. */
function required(max: number, message: string) {
  // Each check stops the rest, so a field shows one message (a blank e-mail is not also "invalid").
  return z
    .string({ error: message })
    .refine((v) => v.trim() !== "", { message, abort: true })
    .refine((v) => v.length <= max, { message: `Please keep this under ${max} characters`, abort: true })
    .refine((v) => !hasNul(v), { message: INVALID_CHARACTERS, abort: true });
}

/** An optional text: absent or blank is null; otherwise kept as typed. */
function optional(max: number) {
  return z
    .string({ error: "Please enter text here" })
    .refine((v) => v.length <= max, `Please keep this under ${max} characters`)
    .refine((v) => !hasNul(v), INVALID_CHARACTERS)
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? null : v));
}

/** One of the listed options (exactly as listed). */
function choice<T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z.enum(options, { error: message });
}

const emailPattern = z.email();
const isEmail = (v: string) => emailPattern.safeParse(v.trim()).success;

const honeypot = { [HONEYPOT_FIELD]: z.unknown().optional() };

export const contactSchema = z.object({
  ...honeypot,
  name: required(LIMITS.name, CONTACT_MESSAGES.required),
  email: required(LIMITS.email, CONTACT_MESSAGES.required).refine(isEmail, CONTACT_MESSAGES.email),
  subject: optional(LIMITS.subject),
  message: required(LIMITS.message, CONTACT_MESSAGES.required),
});
export type ContactForm = z.output<typeof contactSchema>;

/** The IMDb id of an IMDb title URL (https://www.imdb.com/title/tt0133093/ and its variants), else null. */
export function imdbIdFromUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!/^((www|m)\.)?imdb\.com$/i.test(url.hostname)) return null;
  const match = /^\/(?:[a-z]{2}\/)?title\/(tt\d{7,10})\/?/.exec(url.pathname);
  return match ? match[1]! : null;
}

/** Exactly 4 digits, and a year films can have. */
const isYear = (v: string) => /^\d{4}$/.test(v) && Number(v) >= YEAR_RANGE.min && Number(v) <= YEAR_RANGE.max;

function requestSchemaFor(type: string | undefined) {
  return z.object({
    ...honeypot,
    name: required(LIMITS.name, REQUEST_MESSAGES.name),
    email: required(LIMITS.email, REQUEST_MESSAGES.email).refine(isEmail, REQUEST_MESSAGES.emailInvalid),
    type: choice(REQUEST_CONTENT_TYPES, REQUEST_MESSAGES.type),
    movieSeriesName: required(LIMITS.title, contentNameMessage(type)),
    year: required(LIMITS.year, REQUEST_MESSAGES.year).refine(isYear, REQUEST_MESSAGES.yearInvalid),
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

const idField = z
  .string({ error: "Invalid link" })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return null;
    if (!/^[1-9]\d{0,8}$/.test(v)) {
      ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.failure });
      return z.NEVER;
    }
    return Number(v);
  });

export const brokenLinkSchema = z.object({
  ...honeypot,
  contentName: required(LIMITS.title, REPORT_MESSAGES.contentName),
  seasonEpisode: optional(LIMITS.seasonEpisode),
  quality: choice(BROKEN_REPORT_QUALITIES, REPORT_MESSAGES.quality),
  linkType: choice(BROKEN_REPORT_LINK_TYPES, REPORT_MESSAGES.linkType),
  additionalInfo: optional(LIMITS.message),
  // Set by the page a report starts from: the exact link (link details) or title (title page).
  linkId: idField,
  titleId: idField,
});
export type BrokenLinkForm = z.output<typeof brokenLinkSchema>;

/** An http(s) address that parses. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const dmcaSchema = z.object({
  ...honeypot,
  name: required(LIMITS.name, DMCA_MESSAGES.required),
  email: required(LIMITS.email, DMCA_MESSAGES.required).refine(isEmail, DMCA_MESSAGES.email),
  contentUrl: required(LIMITS.url, DMCA_MESSAGES.required).refine(isWebUrl, DMCA_MESSAGES.url),
  contentType: z
    .union([z.literal(""), choice(DMCA_CONTENT_TYPES, DMCA_MESSAGES.required)], { error: DMCA_MESSAGES.required })
    .optional()
    .transform((v) => (v ? v : null)),
  copyrightProof: required(LIMITS.message, DMCA_MESSAGES.required),
  message: optional(LIMITS.message),
  declaration: z.literal("on", { error: DMCA_MESSAGES.required }),
});
export type DmcaForm = z.output<typeof dmcaSchema>;

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
