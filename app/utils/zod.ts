import { z } from "zod";

// Zod compiles object validators with `new Function` when it may, and probes for
// that on the first schema. Under the CSP (no 'unsafe-eval') the probe is a
// violation the browser reports on every page with a form, so in the browser Zod
// interprets instead; forms validate a few fields, where the difference is nil.
// Every module takes `z` from here (lint enforces it), so no schema is made first.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };

/**
 * C0 control characters other than tab, line feed and carriage return. Nothing a
 * person types holds one, PostgreSQL cannot store U+0000 in text at all, and the
 * others are invisible wherever the text is shown again.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_CHARACTER_MESSAGE =
  "This contains an invisible control character (such as U+0000) that cannot be saved. Please remove it.";

/** More are not worth listing: one message per field is what a form shows. */
const MAX_CONTROL_ISSUES = 20;

/**
 * Where a client's input (form values, a JSON body, an imported record) holds a
 * control character, in a string or a key, as Zod issues. Walked without
 * recursion, so a deeply nested JSON body cannot exhaust the stack.
 */
export function controlCharacterIssues(input: unknown): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = [];
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0 && issues.length < MAX_CONTROL_ISSUES) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (CONTROL_CHARACTER.test(value)) issues.push({ code: "custom", path, message: CONTROL_CHARACTER_MESSAGE, input: value });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else if (typeof value === "object" && value !== null) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (CONTROL_CHARACTER.test(key)) issues.push({ code: "custom", path, message: CONTROL_CHARACTER_MESSAGE, input: key });
        else stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return issues;
}

/**
 * `schema.safeParse(input)` for input a client sent: the one place text coming in
 * is refused for control characters, whatever the schema, so every form, the API
 * and imports give the same message instead of a database error. The schema's
 * own issues are reported too, after these.
 */
export function safeParseInput<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.output<S>> {
  const control = controlCharacterIssues(input);
  const parsed = schema.safeParse(input);
  if (control.length === 0) return parsed;
  return { success: false, error: new z.ZodError([...control, ...(parsed.success ? [] : parsed.error.issues)]) } as z.ZodSafeParseResult<
    z.output<S>
  >;
}
