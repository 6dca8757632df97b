import { z } from "zod";

// Zod compiles object validators with `new Function` when it may, and probes for
// that on the first schema. Under the CSP (no 'unsafe-eval') the probe is a
// violation the browser reports on every page with a form, so in the browser Zod
// interprets instead; forms validate a few fields, where the difference is nil.
// Every module takes `z` from here (lint enforces it), so no schema is made first.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };

/**
/**
 * C0 control characters other than tab, line feed and carriage return, DEL, and lone
 * UTF-16 surrogates. Nothing a person types holds one; PostgreSQL cannot store U+0000
 * in text at all, no database can store a lone surrogate (the driver writes U+FFFD
 * instead), and the others are invisible wherever the text is shown again. So text
 * holding them is refused at validation rather than failing, or changing, at the write.
 */
export const CONTROL_CHARACTER =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER_MESSAGE =
  "This contains an invisible control character (such as U+0000) that cannot be saved. Please remove it.";

/** Whether text holds a character no database can store as given (see CONTROL_CHARACTER). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * Trimmed text of at most `max` characters, refusing control characters: the rule for
 * stored text, for the callers that parse without `safeParseInput` (module functions
 * such as createTitle, called by the seed, the TMDB fill and tests).
 */
export function storableText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTER_MESSAGE);
}

/** More are not worth listing: one message per field is what a form shows. */
const MAX_CONTROL_ISSUES = 20;

/**
 * Where a client's input (form values, a JSON body, an imported record) holds a
 * control character, in a string or a key, as Zod issues. Walked without
 * recursion, so a deeply nested JSON body cannot exhaust the stack, and each entry
 * keeps only its parent, so a path is built only for an issue (copying it at every
 * level made a 100,000-deep array quadratic).
 */
export function controlCharacterIssues(input: unknown): z.core.$ZodIssue[] {
  type Entry = { value: unknown; key: PropertyKey | null; parent: Entry | null };
  const pathOf = (entry: Entry | null): PropertyKey[] => {
    const path: PropertyKey[] = [];
    for (let at = entry; at && at.key !== null; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const issues: z.core.$ZodIssue[] = [];
  const stack: Entry[] = [{ value: input, key: null, parent: null }];
  while (stack.length > 0 && issues.length < MAX_CONTROL_ISSUES) {
    const entry = stack.pop()!;
    const { value } = entry;
    if (typeof value === "string") {
      if (hasControlCharacters(value))
        issues.push({ code: "custom", path: pathOf(entry), message: CONTROL_CHARACTER_MESSAGE, input: value });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: entry });
    } else if (typeof value === "object" && value !== null) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (hasControlCharacters(key)) issues.push({ code: "custom", path: pathOf(entry), message: CONTROL_CHARACTER_MESSAGE, input: key });
        else stack.push({ value: (value as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return issues;
}

/**
 * `schema.safeParse(input)` for input a client sent: the one place text coming in
 * is refused for control characters, whatever the schema, so every form, the API
 * and imports give the same message instead of a database error. The schema's
 * own issues are reported too, after these (not the same refusal twice, where the
 * schema's storableText found it as well).
 */
export function safeParseInput<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.output<S>> {
  const control = controlCharacterIssues(input);
  const parsed = schema.safeParse(input);
  if (control.length === 0) return parsed;
  const refused = new Set(control.map((issue) => issue.path.join(".")));
  const own = parsed.success
    ? []
    : parsed.error.issues.filter((issue) => !(issue.message === CONTROL_CHARACTER_MESSAGE && refused.has(issue.path.join("."))));
  return { success: false, error: new z.ZodError([...control, ...own]) } as z.ZodSafeParseResult<z.output<S>>;
}
