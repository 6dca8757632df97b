import { z } from "#app/utils/zod.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import { HONEYPOT_FIELD } from "./honeypot.ts";
import { MAX_URL_LENGTH, YEAR_RANGE } from "#app/constants.ts";
import { parseId } from "#app/utils/ids.ts";

/**
 * The building blocks of the inbox's schemas (docs/product/spec.md "Validation rules"): each
 * kind's schema.ts builds its visitor form and its admin forms from these, and the
 * same schema runs in the route action and in the browser before it posts. Values
 * are kept exactly as typed: checks look at the trimmed text, but what is stored is
 * what the visitor sent. Control characters (U+0000…) are refused for every form
 * before its schema runs (safeParseInput in app/utils/zod.ts).
 */

/** Shown on the form (and answered with 429) when one client posts too often. */
/**
 * What a visitor form answers on success: the message, what was received (an echo of
 * what was sent: the form itself is cleared), a detail (e.g. how many asked) and
 * subject when there are.
 */
export type VisitorFormSuccess = FormSuccess<{ detail: string | null; received?: string; subject?: string }>;

export const RATE_LIMITED = "You have sent this form several times in a row. Please wait a minute and try again.";

/** Field length limits, shared by the inputs' maxLength and the schemas. */
export const LIMITS = {
  name: 200,
  email: 320,
  subject: 200,
  message: 5_000,
  title: 500,
  year: 4,
  url: MAX_URL_LENGTH,
  seasonEpisode: 100,
  honeypot: 500,
  /** An admin's note or reason on an inbox item. */
  note: 1_000,
} as const;

/** Accepted in every visitor form's schema; handleVisitorForm drops a submission that fills it. */
export const honeypot = { [HONEYPOT_FIELD]: z.unknown().optional() };

/** A required text: present, a single string, not blank, at most `max` long. */
export function required(max: number, message: string) {
  // Each check stops the rest, so a field shows one message (a blank e-mail is not also "invalid").
  return z
    .string({ error: message })
    .refine((v) => v.trim() !== "", { message, abort: true })
    .refine((v) => v.length <= max, { message: `Please keep this under ${max} characters`, abort: true });
}

/** An optional text: absent or blank is null; otherwise kept as typed. */
export function optional(max: number) {
  return z
    .string({ error: "Please enter text here" })
    .refine((v) => v.length <= max, `Please keep this under ${max} characters`)
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? null : v));
}

/** One of the listed options (exactly as listed). */
export function choice<T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z.enum(options, { error: message });
}

const emailPattern = z.email();
export const isEmail = (v: string) => emailPattern.safeParse(v.trim()).success;

/** Exactly 4 digits, and a year films can have. */
export const isYear = (v: string) => /^\d{4}$/.test(v) && Number(v) >= YEAR_RANGE.min && Number(v) <= YEAR_RANGE.max;

/** A row id a form posts (a radio choice, a hidden field), by the one id rule of app/utils/ids.ts; `message` when it is not one. */
export function idField(message: string) {
  return z.string({ error: message }).transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}
