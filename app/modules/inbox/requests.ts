import { z } from "zod";
import { REQUEST_CONTENT_TYPES, YEAR_RANGE } from "#app/constants.ts";

/** SPEC.md section 8: the request's success message. */
export const REQUEST_SUBMITTED = "Your request has been submitted successfully!";
export const REQUEST_FAILED = "Something went wrong. Please try again later.";

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

/** "3 people have asked for this title." */
export function askedCountMessage(count: number): string {
  return count === 1 ? "You are the first to ask for this title." : `${count} people have asked for this title.`;
}
