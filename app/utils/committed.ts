import type { FormSuccess } from "./submission.ts";

// Apart from submission.ts, whose Zod import would put the forms chunk on every page: the root draws this.
/**
 * The success an action answered in this request, from the router's action data (by
 * route id): its write is committed, so a loader failing after it (the page drawn
 * again, a revalidation) must not turn the answer into an error (ADR 022).
 */
export function committedSuccess(actionData: Record<string, unknown> | null | undefined): FormSuccess<{ detail?: string | null }> | null {
  for (const result of Object.values(actionData ?? {})) {
    const candidate = result as { ok?: unknown; message?: unknown } | null;
    if (candidate && candidate.ok === true && typeof candidate.message === "string")
      return candidate as FormSuccess<{ detail?: string | null }>;
  }
  return null;
}
