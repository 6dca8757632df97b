import type { z } from "zod";
import { safeParseInput } from "./zod.ts";

/**
 * The one shape every form action answers, and the helpers both sides share.
 * Server: `handleSubmission` / `parseSubmission` in app/http/form.server.ts.
 * Browser: `FormState` and the fields in app/components/forms/.
 */

/** Messages per field path ("email", "releases.0.quality"); messages about the whole form go under "form". */
export type FieldErrors = Record<string, string[]>;

/** What was typed, as strings, to fill the form again after a refusal. */
export type SubmittedValues = Record<string, string>;

export type FormSuccess<Extra extends object = object> = { ok: true; message: string } & Extra;

export interface FormFailure {
  ok: false;
  /** The message shown for the whole form (also the toast, where the screen uses toasts). */
  error: string;
  fields: FieldErrors;
  values: SubmittedValues;
  /** Facts about the refusal a screen can act on (AppError's details), e.g. the title that already has an id. */
  details?: Record<string, unknown>;
}

export type FormResult<Extra extends object = object> = FormSuccess<Extra> | FormFailure;

/** A submitted form as plain values: a field sent twice becomes an array, an uploaded file a marker schemas refuse. */
export type FormValues = Record<string, string | string[] | { file: true }>;

/**
 * The maps below are keyed by what a client sent (field names, paths), so they have
 * no prototype: a field named `constructor`, `toString` or `__proto__` is an
 * ordinary field, not Object.prototype's member. (JSON and React Router's encoding
 * carry such objects like any other.)
 */
function keyedByClient<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

export function formValues(form: FormData): FormValues {
  const values = keyedByClient<FormValues[string]>();
  for (const [key, value] of form) {
    const v = typeof value === "string" ? value : { file: true as const };
    const previous = values[key];
    if (previous === undefined) values[key] = v;
    else values[key] = [...(Array.isArray(previous) ? previous : [String(previous)]), typeof v === "string" ? v : "[file]"];
  }
  return values;
}

/** Fields never sent back to the browser: secrets, and the honeypot robots fill in. */
const NEVER_ECHOED = /password|^website$/i;

/** The string values of a submission, to put back into the form after an error (never passwords). */
export function keptValues(values: FormValues | Record<string, unknown>): SubmittedValues {
  const kept = keyedByClient<string>();
  for (const [key, value] of Object.entries(values)) if (typeof value === "string" && !NEVER_ECHOED.test(key)) kept[key] = value;
  return kept;
}

/** Zod issues as messages per field path; issues without a path go under "form". */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields = keyedByClient<string[]>();
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** The first message of each field, for screens that show one message per field. */
export function firstErrors(fields: FieldErrors): Record<string, string> {
  const first = keyedByClient<string>();
  for (const [key, messages] of Object.entries(fields)) if (messages[0]) first[key] = messages[0];
  return first;
}

/** Checks values against a form's schema in the browser before posting: messages per field, or null when valid. */
export function clientErrors(schema: z.ZodType, values: FormValues): FieldErrors | null {
  const result = safeParseInput(schema, values);
  return result.success ? null : fieldErrors(result.error);
}

export function isFailure(result: unknown): result is FormFailure {
  return typeof result === "object" && result !== null && (result as { ok?: unknown }).ok === false;
}
