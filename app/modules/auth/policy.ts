/** Session and sign-in limits (ADR 008 explains the choices). */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Without "Remember me": a browser-session cookie, and at most this long on the server. */
export const BROWSER_SESSION_MAX_MS = 12 * HOUR;
/** With "Remember me". */
export const REMEMBERED_SESSION_MAX_MS = 30 * DAY;
/** A session unused for this long ends. */
export const BROWSER_SESSION_IDLE_MS = 2 * HOUR;
export const REMEMBERED_SESSION_IDLE_MS = 7 * DAY;
/** last_seen_at is written at most this often, so reads stay reads. */
export const SESSION_TOUCH_MS = MINUTE;

/** An account locks after this many failed sign-ins within the window... */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * MINUTE;
/** ...for a delay that doubles with each further failure, up to the cap. */
export const LOCK_BASE_MS = MINUTE;
export const LOCK_MAX_MS = HOUR;
/** Failures older than this no longer make the next lock longer. */
export const FAILURE_MEMORY_MS = DAY;

/** Sign-in attempts are kept this long for looking into a break-in attempt; the limits need only FAILURE_MEMORY_MS. */
export const LOGIN_ATTEMPT_KEEP_MS = 30 * DAY;

/** Sign-in attempts one client address may make within the window, whatever the account. */
export const CLIENT_ATTEMPT_LIMIT = 20;
export const CLIENT_ATTEMPT_WINDOW_MS = 15 * MINUTE;

/**
 * Password checks started per typed e-mail, and per client address, within a
 * minute, counted atomically by every instance (ADR 027). The counts above are read
 * from login_attempts before a check and written after it, so a burst of parallel
 * guesses could all pass them; these caps bound such a burst. One person signing in
 * never reaches them: the lock and the client limit refuse first.
 */
export const BURST_EMAIL_CHECKS = 10;
export const BURST_CLIENT_CHECKS = 2 * CLIENT_ATTEMPT_LIMIT;
export const BURST_WINDOW_S = 60;

/** How long a lock lasts after the given number of failures in a row. */
export function lockDuration(failuresInARow: number): number {
  const extra = Math.max(0, failuresInARow - ACCOUNT_FAILURE_LIMIT);
  return Math.min(LOCK_MAX_MS, LOCK_BASE_MS * 2 ** Math.min(extra, 20));
}
