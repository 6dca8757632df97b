import { z } from "zod";

// Zod compiles object validators with `new Function` when it may, and probes for
// that on the first schema. Under the CSP (no 'unsafe-eval') the probe is a
// violation the browser reports on every page with a form, so in the browser Zod
// interprets instead; forms validate a few fields, where the difference is nil.
// Every module takes `z` from here (lint enforces it), so no schema is made first.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };

/**
 * C0 control characters other than tab, line feed and carriage return, DEL, and
 * lone UTF-16 surrogates: PostgreSQL refuses NUL in text and no database can store
 * a lone surrogate (the driver writes U+FFFD instead), so text holding them is
 * refused at validation rather than failing, or changing, at the write.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER_MESSAGE = "Must not contain control characters (such as NUL)";

/** Whether text holds a character no database can store as given (see UNSTORABLE). */
export function hasControlCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** Trimmed text of at most `max` characters, refusing control characters: the shared rule for stored text. */
export function storableText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTER_MESSAGE);
}
