import { data } from "react-router";
import type { z } from "zod";
import { AppError, isAppError } from "#app/utils/errors.ts";
import { formValues, type FormFailure, type FormSuccess, type FormValues, type SubmittedValues } from "#app/utils/submission.ts";
import { validate, type Parsed } from "#app/utils/validation.ts";

/**
 * The one way an action reads and checks what was posted:
 *   body limit → form data or JSON → the form's Zod schema → 400 with messages per
 *   field and the typed values → the handler → an AppError it throws becomes its
 *   status with the same failure shape.
 * Anything else the handler throws is a bug: it goes to the error boundary and the log.
 */

/** Every action reads at most this much; the server refuses bodies above 1 MB before any route (ADR 004). */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

export const BODY_TOO_LARGE = "This submission is too large. Please shorten the text and try again.";
export const BODY_UNREADABLE = "The form could not be read. Please reload the page and try again.";
export const BODY_UNSUPPORTED = "This address accepts form posts or JSON only.";

export interface ReadOptions {
  /** Largest body accepted, in bytes (declared or counted). */
  maxBytes?: number;
}

/**
 * The posted body as plain values. Form posts (urlencoded or multipart) give strings
 * (arrays for repeated fields, a marker for files); JSON must be an object and is
 * returned as parsed. Malformed, oversized or foreign bodies are a client's mistake:
 * AppError 400, 413 or 415, never a crash.
 */
export async function readSubmission(
  request: Request,
  { maxBytes = DEFAULT_BODY_LIMIT }: ReadOptions = {},
): Promise<FormValues | Record<string, unknown>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new AppError(413, BODY_TOO_LARGE);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") {
    const text = await request.text().catch(() => null);
    if (text === null) throw new AppError(400, BODY_UNREADABLE);
    if (text.length > maxBytes) throw new AppError(413, BODY_TOO_LARGE);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError(400, BODY_UNREADABLE);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new AppError(400, BODY_UNREADABLE);
    return parsed as Record<string, unknown>;
  }
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    const form = await request.formData().catch(() => null);
    if (!form) throw new AppError(400, BODY_UNREADABLE);
    let size = 0;
    for (const [key, value] of form) size += key.length + (typeof value === "string" ? value.length : value.size);
    if (size > maxBytes) throw new AppError(413, BODY_TOO_LARGE);
    return formValues(form);
  }
  // A post with no body at all (a bare button, `curl -X POST`) has nothing to read.
  if (type === "" && declared === 0) return {};
  throw new AppError(415, BODY_UNSUPPORTED);
}

export interface Upload {
  /** The other fields of the form, as readSubmission gives them. */
  values: FormValues;
  /** The file sent in `field`, as text; null when none was chosen. */
  file: { name: string; text: string } | null;
}

/**
 * A multipart form with one uploaded text file (the catalogue import): the file's
 * text and the other fields. The same refusals as readSubmission: 413 above
 * `maxBytes` (declared or counted), 400 for an unreadable body or a file that is
 * not UTF-8 text, 415 for anything but multipart.
 */
export async function readUpload(
  request: Request,
  field: string,
  {
    maxBytes,
    decode,
  }: Required<ReadOptions> & {
    /** The file's bytes as text; a caller may refuse them more precisely (an AppError) than "not UTF-8". */
    decode?: (bytes: Uint8Array) => string;
  },
): Promise<Upload> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new AppError(413, BODY_TOO_LARGE);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "multipart/form-data") throw new AppError(415, BODY_UNSUPPORTED);
  const form = await request.formData().catch(() => null);
  if (!form) throw new AppError(400, BODY_UNREADABLE);
  const upload = form.get(field);
  form.delete(field);
  let file: Upload["file"] = null;
  if (upload instanceof File && upload.size > 0) {
    if (upload.size > maxBytes) throw new AppError(413, BODY_TOO_LARGE);
    let text: string;
    const bytes = new Uint8Array(await upload.arrayBuffer());
    if (decode) text = decode(bytes);
    else
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        throw new AppError(400, "The file is not UTF-8 text.", { fields: { [field]: ["The file is not UTF-8 text."] } });
      }
    file = { name: upload.name || "upload", text };
  }
  return { values: formValues(form), file };
}

/** Reads the body and checks it with the schema; never throws for a client's mistake. */
export async function parseSubmission<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: ReadOptions & { failure?: string } = {},
): Promise<Parsed<S>> {
  let body: FormValues | Record<string, unknown>;
  try {
    body = await readSubmission(request, options);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { ok: false, status: error.status, failure: { ok: false, error: error.message, fields: {}, values: {} } };
  }
  return validate(schema, body, options.failure);
}

/** A refusal in the one failure shape, with its status. */
export function failure(
  status: number,
  error: string,
  options: { fields?: FormFailure["fields"]; values?: SubmittedValues; details?: FormFailure["details"]; headers?: HeadersInit } = {},
) {
  const body: FormFailure = { ok: false, error, fields: options.fields ?? {}, values: options.values ?? {} };
  if (options.details) body.details = options.details;
  return data<FormFailure>(body, { status, headers: options.headers });
}

/** The failure shape for an AppError (its status, message and field messages); rethrows anything else. */
export function failureFrom(error: unknown, values: SubmittedValues = {}, headers?: HeadersInit) {
  if (isAppError(error)) return failure(error.status, error.message, { fields: error.fields, values, details: error.details, headers });
  throw error;
}

type Handled<T extends object> = FormSuccess<T> | Response;

/** What a handler may add to the answer besides its body. */
export interface AnswerInit {
  /** Sent with the answer whichever way it goes (success, refusal, or a Response the handler returns): e.g. a Set-Cookie. */
  headers: Headers;
}

/**
 * An action in one call: parse with the schema, run `handle` with the valid input,
 * and answer its success (or the Response it returns, e.g. a redirect). Invalid
 * input and expected failures come back as FormFailure with the typed values.
 * `options.headers` and whatever the handler sets on `answer.headers` go with
 * every answer, so a route never builds the answer by hand to send a cookie.
 */
export async function handleSubmission<S extends z.ZodType, T extends object>(
  request: Request,
  schema: S,
  handle: (input: z.output<S>, values: SubmittedValues, answer: AnswerInit) => Promise<Handled<T>> | Handled<T>,
  options: ReadOptions & { failure?: string; headers?: HeadersInit } = {},
) {
  const headers = new Headers(options.headers);
  const parsed = await parseSubmission(request, schema, options);
  if (!parsed.ok) return failure(parsed.status, parsed.failure.error, { ...parsed.failure, headers });
  try {
    const result = await handle(parsed.data, parsed.values, { headers });
    if (!(result instanceof Response)) return data<FormSuccess<T>>(result, { headers });
    for (const [name, value] of headers) result.headers.append(name, value);
    return result;
  } catch (error) {
    return failureFrom(error, parsed.values, headers);
  }
}
