import { data } from "react-router";
import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import type { z } from "zod";
import type { AppContext } from "#app/context.ts";
import { isAppError } from "#app/utils/errors.ts";
import { failure, failureFrom, readSubmission } from "#app/http/form.server.ts";
import { validate } from "#app/utils/validation.ts";
import type { FormValues } from "#app/utils/submission.ts";
import { clientHash } from "#app/modules/inbox/client.server.ts";
import type { InboxEvent } from "#app/modules/inbox/events.ts";
import { RATE_LIMITED, type VisitorFormSuccess } from "#app/modules/inbox/forms.ts";
import { HONEYPOT_FIELD } from "#app/modules/inbox/honeypot.ts";
import { notifyOperators } from "#app/modules/inbox/notify.server.ts";
import { SUBMISSION_ID_FIELD, SUBMISSION_ID_PATTERN } from "#app/modules/inbox/submission-id.ts";
import { answerOfSubmission, claimSubmission, keepSubmissionAnswer } from "#app/modules/inbox/submissions.server.ts";
import type { RateRule } from "#app/modules/limits/limiter.server.ts";

export const VISITOR_FORMS = ["contact", "request", "quick-request", "search-request", "report", "dmca"] as const;
export type VisitorForm = (typeof VISITOR_FORMS)[number];

/** Accepted submissions per client and form: enough for a person, too few for a flood. */
export const FORM_RATE_LIMIT = { limit: 5, windowMs: 60_000 } as const;

/** Each form's limit, counted by every instance together (ADR 027). */
export const FORM_RATE_RULES = Object.fromEntries(
  VISITOR_FORMS.map((form) => [
    form,
    { name: `form:${form}`, points: FORM_RATE_LIMIT.limit, durationSeconds: FORM_RATE_LIMIT.windowMs / 1000 },
  ]),
) as Record<VisitorForm, RateRule>;

export interface Accepted {
  event: InboxEvent;
  /** The success message; the form's own when omitted. */
  message?: string;
  detail?: string | null;
  /** What was received, echoed to the visitor (the form is cleared after a success). */
  received?: string;
  /** What was submitted, for a page that holds several of the same form (which one succeeded). */
  subject?: string;
}

export interface VisitorFormSpec<S extends z.ZodType> {
  form: VisitorForm;
  schema: S;
  success: string;
  failure: string;
  /** Stores the valid submission, through `db` (the transaction its submission id is written in). */
  submit(input: z.output<S>, client: { hash: string }, db: Db): Promise<Accepted>;
}

export const SUBMISSION_ID_INVALID = "The form could not be read. Please reload the page and try again.";

/** True when the field only robots see holds anything. */
function isHoneypotFilled(body: FormValues | Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD];
  return value !== undefined && value !== "" && value !== null;
}

/**
 * The one way a visitor's submission is handled, on top of the form kit
 * (app/http/form.server.ts): read the body (413 above the limit, 400 when
 * unreadable), answer a filled honeypot as a success and drop it, validate with the
 * form's schema (400 with per-field messages and the typed values), count the
 * client against the form's rate limit (429), store, then tell the operators
 * without waiting for them. A form's submission id (submission-id.ts) is written in
 * the store's transaction with the answer: a resend of a stored submission gets the
 * same success (before the rate limit: it is not another submission), never a
 * second row.
 */
export async function handleVisitorForm<S extends z.ZodType>(request: Request, app: AppContext, spec: VisitorFormSpec<S>) {
  let body: FormValues | Record<string, unknown>;
  try {
    body = await readSubmission(request);
  } catch (error) {
    return failureFrom(error);
  }
  if (isHoneypotFilled(body)) {
    app.logger.info({ form: spec.form }, "honeypot filled: submission dropped");
    return data<VisitorFormSuccess>({ ok: true, message: spec.success, detail: null });
  }
  const submissionId = body[SUBMISSION_ID_FIELD] ?? null;
  if (submissionId !== null && (typeof submissionId !== "string" || !SUBMISSION_ID_PATTERN.test(submissionId))) {
    return failure(400, SUBMISSION_ID_INVALID);
  }
  const parsed = validate(spec.schema, body);
  if (!parsed.ok) return failure(parsed.status, parsed.failure.error, parsed.failure);
  try {
    if (submissionId !== null) {
      const earlier = await answerOfSubmission<VisitorFormSuccess>(app.db, spec.form, submissionId);
      if (earlier) return data(earlier);
    }
  } catch (error) {
    return failureFrom(error, parsed.values);
  }
  const hash = clientHash(app.clientAddress, app.sessionSecret);
  const limit = await app.limits.consume(FORM_RATE_RULES[spec.form], hash);
  if (!limit.allowed) {
    const headers = { "Retry-After": String(Math.max(1, Math.ceil(limit.retryAfterMs / 1000))) };
    return failure(429, RATE_LIMITED, { values: parsed.values, headers });
  }
  try {
    const stored = await inTransaction(app.db, async (trx) => {
      if (submissionId !== null && !(await claimSubmission(trx, spec.form, submissionId))) return null;
      const accepted = await spec.submit(parsed.data, { hash }, trx);
      const success: VisitorFormSuccess = { ok: true, message: accepted.message ?? spec.success, detail: accepted.detail ?? null };
      if (accepted.received !== undefined) success.received = accepted.received;
      if (accepted.subject !== undefined) success.subject = accepted.subject;
      if (submissionId !== null) await keepSubmissionAnswer(trx, spec.form, submissionId, success);
      return { accepted, success };
    });
    if (!stored) {
      // The same form sent twice at once: the other copy stored it (this one waited for its commit).
      const earlier = await answerOfSubmission<VisitorFormSuccess>(app.db, spec.form, submissionId!);
      return data(earlier ?? { ok: true, message: spec.success, detail: null });
    }
    notifyOperators(app, stored.accepted.event);
    return data(stored.success);
  } catch (error) {
    if (isAppError(error)) return failureFrom(error, parsed.values);
    // Whatever failed, the visitor keeps what they typed and can send it again.
    app.logger.error({ err: error, form: spec.form }, "visitor form submission failed");
    return failure(500, spec.failure, { values: parsed.values });
  }
}
