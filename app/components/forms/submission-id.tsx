import { useState } from "react";
import { newSubmissionId, SUBMISSION_ID_FIELD, SUBMISSION_ID_PATTERN } from "#app/modules/inbox/submission-id.ts";
import type { FormResult } from "#app/utils/submission.ts";

/**
 * A visitor form's submission id (app/modules/inbox/submission-id.ts): random when the
 * form is drawn, kept while its sends fail (a failed answer carries it back, so a page
 * drawn again from a 503 without JavaScript resends the same id), new after a success.
 */
export function SubmissionIdField({ result }: { result?: FormResult | null }) {
  // A success this field has not seen yet makes the next id (set while rendering: React's way to derive state from a prop).
  const [current, setCurrent] = useState(() => ({ id: newSubmissionId(), after: result }));
  if (result?.ok && current.after !== result) setCurrent({ id: newSubmissionId(), after: result });
  const id = current.id;
  const sent = result && !result.ok ? result.values[SUBMISSION_ID_FIELD] : undefined;
  const value = typeof sent === "string" && SUBMISSION_ID_PATTERN.test(sent) ? sent : id;
  // The server drew its own random id; hydration keeps that one in the page (it is as good as any) until a success replaces it.
  return <input type="hidden" name={SUBMISSION_ID_FIELD} value={value} suppressHydrationWarning />;
}
