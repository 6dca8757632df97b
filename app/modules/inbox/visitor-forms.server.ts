import { data } from "react-router";
import type { z } from "zod";
import type { AppContext } from "#app/context.ts";
import { isAppError } from "#app/utils/errors.ts";
import { clientHash } from "./client.server.ts";
import type { InboxEvent } from "./events.ts";
import { formValues, isHoneypotFilled, RATE_LIMITED, typedValues, type FormResult } from "./forms.ts";
import { notifyOperators } from "./notify.server.ts";
import { createFixedWindowLimiter } from "./rate-limit.server.ts";

export const VISITOR_FORMS = ["contact", "request", "quick-request", "report", "dmca"] as const;
export type VisitorForm = (typeof VISITOR_FORMS)[number];

/** Accepted submissions per client and form: enough for a person, too few for a flood. */
export const FORM_RATE_LIMIT = { limit: 5, windowMs: 60_000 } as const;

/**
 * The largest form post accepted: the longest legal submission (a DMCA notice's
 * texts at their length limits, every character percent-encoded) fits well under
 * it. The server refuses bodies above 1 MB before any route (ADR 004).
 */
export const FORM_BODY_LIMIT = 256 * 1024;
export const FORM_TOO_LARGE = "This submission is too large. Please shorten the text and try again.";

const limiters = new Map(VISITOR_FORMS.map((form) => [form, createFixedWindowLimiter(FORM_RATE_LIMIT)]));

export interface Accepted {
  event: InboxEvent;
  /** The success message; the form's own when omitted. */
  message?: string;
  detail?: string | null;
}

export interface VisitorFormSpec<S extends z.ZodType> {
  form: VisitorForm;
  schema: S;
  success: string;
  failure: string;
  /** Stores the valid submission. */
  submit(input: z.output<S>, client: { hash: string }): Promise<Accepted>;
}

/**
 * The one way a visitor form's post is handled: refuse an oversized body (413), read the fields (a field sent
 * twice or a file is invalid, never a crash), answer a filled honeypot as a
 * success and drop it, validate with the form's schema (400 with per-field
 * messages and the typed values), count the client against the form's rate limit
 * (429), store, then tell the operators without waiting for them.
 */
export async function handleVisitorForm<S extends z.ZodType>(request: Request, app: AppContext, spec: VisitorFormSpec<S>) {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > FORM_BODY_LIMIT) return data<FormResult>({ ok: false, error: FORM_TOO_LARGE, fields: {}, values: {} }, { status: 413 });
  const body = await request.formData().catch(() => null);
  if (!body) return data<FormResult>({ ok: false, error: spec.failure, fields: {}, values: {} }, { status: 400 });
  let size = 0;
  for (const [key, value] of body) size += key.length + (typeof value === "string" ? value.length : value.size);
  if (size > FORM_BODY_LIMIT) return data<FormResult>({ ok: false, error: FORM_TOO_LARGE, fields: {}, values: {} }, { status: 413 });
  const values = formValues(body);
  const typed = typedValues(values);
  if (isHoneypotFilled(values)) {
    app.logger.info({ form: spec.form }, "honeypot filled: submission dropped");
    return data<FormResult>({ ok: true, message: spec.success, detail: null });
  }
  const parsed = spec.schema.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
    return data<FormResult>({ ok: false, error: Object.values(fields)[0] ?? spec.failure, fields, values: typed }, { status: 400 });
  }
  const hash = clientHash(app.clientAddress, app.sessionSecret);
  if (!limiters.get(spec.form)!.take(hash)) {
    return data<FormResult>({ ok: false, error: RATE_LIMITED, fields: {}, values: typed }, { status: 429 });
  }
  try {
    const accepted = await spec.submit(parsed.data, { hash });
    notifyOperators(app, accepted.event);
    return data<FormResult>({ ok: true, message: accepted.message ?? spec.success, detail: accepted.detail ?? null });
  } catch (error) {
    if (isAppError(error))
      return data<FormResult>({ ok: false, error: error.message, fields: {}, values: typed }, { status: error.status });
    app.logger.error({ err: error, form: spec.form }, "visitor form submission failed");
    return data<FormResult>({ ok: false, error: spec.failure, fields: {}, values: typed }, { status: 500 });
  }
}
