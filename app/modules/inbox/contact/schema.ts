import { z } from "#app/utils/zod.ts";
import { ACTION_NOT_AVAILABLE } from "#app/modules/inbox/inbox.ts";
import { choice, honeypot, isEmail, LIMITS, optional, required } from "#app/modules/inbox/forms.ts";

/** Contact messages: the visitor's form and the admin's status changes. */

export const CONTACT_MESSAGES = {
  required: "Please fill in all required fields.",
  email: "Please enter a valid email address.",
  success: "Message sent successfully! We'll get back to you soon.",
  failure: "Something went wrong. Please try again.",
} as const;

/** The success's echo of what was sent, so the visitor sees it arrived though the form is cleared. */
export function contactReceived(form: { subject: string | null; email: string }): string {
  const about = form.subject === null ? "your message" : `your message “${form.subject.trim()}”`;
  return `We received ${about} and will reply to ${form.email.trim()}.`;
}

export const contactSchema = z.object({
  ...honeypot,
  name: required(LIMITS.name, CONTACT_MESSAGES.required),
  email: required(LIMITS.email, CONTACT_MESSAGES.required).refine(isEmail, CONTACT_MESSAGES.email),
  subject: optional(LIMITS.subject),
  message: required(LIMITS.message, CONTACT_MESSAGES.required),
});
export type ContactForm = z.output<typeof contactSchema>;

// ---------------------------------------------------------------- the admin's triage

export const CONTACT_TRIAGE_MESSAGES = {
  answered: "Message marked answered",
  archived: "Message archived",
  reopened: "Message reopened",
} as const;

/** "Mark answered" / "Archive" (the button pressed). */
export const resolveContactSchema = z.object({
  status: choice(["answered", "archived"] as const, ACTION_NOT_AVAILABLE),
});
