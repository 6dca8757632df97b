/**
 * The hidden field that makes a visitor form's resend harmless (issue 29): a random id
 * made when the form is shown (a new one after each success). The server stores it
 * with what the submission stored, in the same transaction, so sending the same form
 * again after an unclear failure answers the same success without storing twice.
 * Free of Zod and server code: the form components draw it.
 */
export const SUBMISSION_ID_FIELD = "submissionId";

/** What the server accepts as an id (a form made by another client may send any short token). */
export const SUBMISSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** 128 random bits as hex (getRandomValues works on plain-HTTP pages too, unlike randomUUID). */
export function newSubmissionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
