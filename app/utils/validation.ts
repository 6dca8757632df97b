import type { z } from "zod";
import { AppError } from "./errors.ts";
import { fieldErrors, keptValues, type FormFailure, type FormValues, type SubmittedValues } from "./submission.ts";
import { safeParseInput } from "./zod.ts";

/**
 * Checking input against a form's schema, apart from reading it off a request
 * (app/http/form.server.ts): the catalogue validates titles from the import and the
 * API with the same messages as the admin forms.
 */

export const SOME_FIELDS_INVALID = "Some fields need attention.";

export type Parsed<S extends z.ZodType> =
  { ok: true; data: z.output<S>; values: SubmittedValues } | { ok: false; status: number; failure: FormFailure };

/**
 * Checks a body already read with the schema: the parsed input, or a 400 whose
 * message is `failure`, else the only message, else the first field's.
 */
export function validate<S extends z.ZodType>(schema: S, body: FormValues | Record<string, unknown>, failure?: string): Parsed<S> {
  const values = keptValues(body);
  const parsed = safeParseInput(schema, body);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const fields = fieldErrors(parsed.error);
  const messages = Object.values(fields).flat();
  const error = failure ?? (messages.length === 1 ? messages[0]! : (fields.form?.[0] ?? messages[0] ?? SOME_FIELDS_INVALID));
  return { ok: false, status: 400, failure: { ok: false, error, fields, values } };
}

/**
 * Parses input with a form's schema; invalid input is a 400 AppError carrying the
 * messages per field. With one message only, that message is also the error's own.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  const result = safeParseInput(schema, input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const messages = Object.values(fields).flat();
  throw new AppError(400, message ?? (messages.length === 1 ? messages[0]! : SOME_FIELDS_INVALID), { fields });
}
