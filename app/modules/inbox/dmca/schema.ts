import { z } from "#app/utils/zod.ts";
import { DMCA_CONTENT_TYPES } from "#app/constants.ts";
import { isHttpUrl } from "#app/utils/url.ts";
import { ACTION_NOT_AVAILABLE } from "#app/modules/inbox/inbox.ts";
import { choice, honeypot, idField, isEmail, LIMITS, optional, required } from "#app/modules/inbox/forms.ts";
import { parseId } from "#app/utils/ids.ts";
import { plural } from "#app/utils/format.ts";

/** DMCA notices: the rights holder's form, and the admin's take-down, re-enable and reject forms. */

export const DMCA_MESSAGES = {
  required: "Please fill in all required fields",
  email: "Please enter a valid email address",
  url: "Please enter a valid URL for the content",
  success: "Your DMCA request has been submitted successfully!",
  failure: "Something went wrong. Please try again later.",
} as const;

/** The success's echo of what was sent, so the rights holder sees it arrived though the form is cleared. */
export function dmcaReceived(form: { contentUrl: string; email: string }): string {
  return `We received your notice about ${form.contentUrl.trim()} and will reply to ${form.email.trim()}.`;
}

export const dmcaSchema = z.object({
  ...honeypot,
  name: required(LIMITS.name, DMCA_MESSAGES.required),
  email: required(LIMITS.email, DMCA_MESSAGES.required).refine(isEmail, DMCA_MESSAGES.email),
  contentUrl: required(LIMITS.url, DMCA_MESSAGES.required).refine((v) => isHttpUrl(v.trim()), DMCA_MESSAGES.url),
  contentType: z
    .union([z.literal(""), choice(DMCA_CONTENT_TYPES, DMCA_MESSAGES.required)], { error: DMCA_MESSAGES.required })
    .optional()
    .transform((v) => (v ? v : null)),
  copyrightProof: required(LIMITS.message, DMCA_MESSAGES.required),
  message: optional(LIMITS.message),
  declaration: z.literal("on", { error: DMCA_MESSAGES.required }),
});
export type DmcaForm = z.output<typeof dmcaSchema>;

// ---------------------------------------------------------------- the admin's actions

export const CHOOSE_DMCA_TARGETS = "Choose at least one link or title to disable.";

const links = (n: number) => plural(n, "link");

export const DMCA_ACTION_MESSAGES = {
  actioned: (disabled: number) => `Notice actioned: ${links(disabled)} disabled`,
  reenabled: (reenabled: number) => `${links(reenabled)} re-enabled`,
  rejected: "Notice rejected",
  reopened: "Notice reopened",
} as const;

/** Checkboxes of one name: absent, one value, or several. */
const checked = z.union([z.string(), z.array(z.string())]).optional();

/**
 * "Disable selected": the links (`link`) and whole titles (`title`) ticked, at
 * least one, and an optional note. Messages about the choice go under `targets`.
 */
export const disableTargetsSchema = z.object({ link: checked, title: checked, note: optional(LIMITS.note) }).transform((input, ctx) => {
  const ids = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat()).map(parseId);
  const linkIds = ids(input.link);
  const titleIds = ids(input.title);
  const all = [...linkIds, ...titleIds];
  if (all.length === 0 || all.includes(null)) {
    ctx.addIssue({ code: "custom", message: CHOOSE_DMCA_TARGETS, path: ["targets"] });
    return z.NEVER;
  }
  return { linkIds: linkIds as number[], titleIds: titleIds as number[], note: input.note };
});

/** "Re-enable" on one target (its id) or "Re-enable all". */
export const reenableTargetsSchema = z.object({
  target: z.union([z.literal("all"), idField(ACTION_NOT_AVAILABLE)], { error: ACTION_NOT_AVAILABLE }),
});

/** "Reject notice", with an optional note. */
export const rejectNoticeSchema = z.object({
  note: optional(LIMITS.note),
});
