import { z } from "#app/utils/zod.ts";
import { BROKEN_REPORT_LINK_TYPES, BROKEN_REPORT_QUALITIES } from "#app/constants.ts";
import { ACTION_NOT_AVAILABLE } from "#app/modules/inbox/inbox.ts";
import { choice, honeypot, LIMITS, optional, required } from "#app/modules/inbox/forms.ts";
import { parseId } from "#app/utils/ids.ts";

/** Broken-link reports: the visitor's form and the admin's forms that close a report group. */

export const REPORT_MESSAGES = {
  contentName: "Please enter the content name",
  quality: "Please select the quality",
  linkType: "Please select the link type",
  success: "Report submitted successfully! We will fix it as soon as possible.",
  failure: "Something went wrong. Please try again later.",
} as const;

/** Set by the page a report starts from; absent or blank means none. */
const optionalId = z
  .string({ error: REPORT_MESSAGES.failure })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return null;
    const id = parseId(v);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.failure });
      return z.NEVER;
    }
    return id;
  });

/** The success's echo of what was sent, so the visitor sees it arrived though the form is cleared. */
export function reportReceived(form: { contentName: string; seasonEpisode: string | null; quality: string; linkType: string }): string {
  const episode = form.seasonEpisode === null ? "" : ` ${form.seasonEpisode.trim()}`;
  return `We received your report about the ${form.quality} ${form.linkType} link of “${form.contentName.trim()}”${episode}.`;
}

export const brokenLinkSchema = z.object({
  ...honeypot,
  contentName: required(LIMITS.title, REPORT_MESSAGES.contentName),
  seasonEpisode: optional(LIMITS.seasonEpisode),
  quality: choice(BROKEN_REPORT_QUALITIES, REPORT_MESSAGES.quality),
  linkType: choice(BROKEN_REPORT_LINK_TYPES, REPORT_MESSAGES.linkType),
  additionalInfo: optional(LIMITS.message),
  // Set by the page a report starts from: the exact link (link details) or title (title page).
  linkId: optionalId,
  titleId: optionalId,
});
export type BrokenLinkForm = z.output<typeof brokenLinkSchema>;

// ---------------------------------------------------------------- the admin's triage

export const REPORT_TRIAGE_MESSAGES = {
  fixed: "Report marked fixed",
  invalid: "Report marked invalid",
  reopened: "Report reopened",
} as const;

/** "Mark fixed" / "Mark invalid" (the button pressed), with an optional note, for the whole group. */
export const closeReportSchema = z.object({
  status: choice(["fixed", "invalid"] as const, ACTION_NOT_AVAILABLE),
  note: optional(LIMITS.note),
});
