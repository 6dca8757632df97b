import type { Logger } from "pino";
import type { AppContext } from "#app/context.ts";
import type { Db } from "#app/db/client.server.ts";
import { toBool, toCount } from "#app/db/dialect.server.ts";
import type { LoginOutcome } from "#app/db/schema.ts";
import type { RateLimits, RateRule } from "#app/modules/limits/limiter.server.ts";
import { AppError } from "#app/utils/errors.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import { findAdminByEmail, toAdmin } from "./accounts.server.ts";
import { verifyNothing, verifyPassword } from "./password.server.ts";
import {
  ACCOUNT_FAILURE_LIMIT,
  ACCOUNT_FAILURE_WINDOW_MS,
  BURST_CLIENT_CHECKS,
  BURST_EMAIL_CHECKS,
  BURST_WINDOW_S,
  CLIENT_ATTEMPT_LIMIT,
  CLIENT_ATTEMPT_WINDOW_MS,
  FAILURE_MEMORY_MS,
  lockDuration,
  LOGIN_ATTEMPT_KEEP_MS,
} from "./policy.ts";
import { LOGIN_FAILED, LOGIN_SUCCESS, loginSchema } from "./schema.ts";
import { createSession, isSecureRequest, pruneSessions, sessionCookie } from "./sessions.server.ts";
import type { Admin } from "./types.ts";

export interface LoginRequest {
  email: unknown;
  password: unknown;
  remember: unknown;
  /** The client's address as the server sees it (TRUST_PROXY decides whose). */
  client: string;
  userAgent?: string | null;
  /** The limits every instance shares (the server's `limits`). */
  limits: RateLimits;
}

const EMAIL_BURST: RateRule = { name: "signin-email", points: BURST_EMAIL_CHECKS, durationSeconds: BURST_WINDOW_S };
const CLIENT_BURST: RateRule = { name: "signin-client", points: BURST_CLIENT_CHECKS, durationSeconds: BURST_WINDOW_S };
const CLIENT_THROTTLED = "Too many sign-in attempts from your network. Please wait a few minutes and try again.";

export interface LoginSuccess {
  admin: Admin;
  token: string;
  persistent: boolean;
}

function waitMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * When the account named by this e-mail is locked, the time it unlocks. Keyed by
 * the typed address, not by the account, so unknown addresses lock the same way
 * and a lock says nothing about which addresses have accounts. A success, or a
 * password reset, starts the count again.
 */
async function lockedUntil(db: Db, email: string, resetAt: string | null, now: number): Promise<number | null> {
  const since = new Date(Math.max(now - FAILURE_MEMORY_MS, resetAt ? Date.parse(resetAt) : 0)).toISOString();
  const lastSuccess = await db
    .selectFrom("login_attempts")
    .select("at")
    .where("email", "=", email)
    .where("outcome", "=", "success")
    .where("at", ">", since)
    .orderBy("at", "desc")
    .limit(1)
    .executeTakeFirst();
  const from = lastSuccess?.at ?? since;
  const failures = await db
    .selectFrom("login_attempts")
    .select("at")
    .where("email", "=", email)
    .where("outcome", "=", "failure")
    .where("at", ">", from)
    .orderBy("at", "desc")
    .execute();
  const windowStart = now - ACCOUNT_FAILURE_WINDOW_MS;
  const recent = failures.filter((f) => Date.parse(f.at) > windowStart).length;
  if (recent < ACCOUNT_FAILURE_LIMIT) return null;
  const until = Date.parse(failures[0]!.at) + lockDuration(failures.length);
  return until > now ? until : null;
}

async function clientAttempts(db: Db, client: string, now: number): Promise<number> {
  const row = await db
    .selectFrom("login_attempts")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("client", "=", client)
    .where("outcome", "in", ["failure", "locked"])
    .where("at", ">", new Date(now - CLIENT_ATTEMPT_WINDOW_MS).toISOString())
    .executeTakeFirstOrThrow();
  return toCount(row.n as number | string);
}

/**
 * Checks a sign-in and, when it is right, starts a session. Every attempt is
 * recorded (time, client, account, outcome; never the password) and logged.
 * A wrong password and an unknown address get the same answer after the same work.
 */
export async function login(db: Db, logger: Logger, request: LoginRequest): Promise<LoginSuccess> {
  // Never refused for its shape: anything that is not text counts as empty, a failed sign-in.
  const input = loginSchema.parse({
    email: typeof request.email === "string" ? request.email : "",
    password: typeof request.password === "string" ? request.password : "",
    remember: request.remember === true || request.remember === "on" || request.remember === "true",
  });
  const now = Date.now();
  const client = request.client.slice(0, 100);
  const row = input.email ? await findAdminByEmail(db, input.email) : undefined;

  const record = async (outcome: LoginOutcome) => {
    await db
      .insertInto("login_attempts")
      .values({ at: new Date().toISOString(), email: input.email.slice(0, 320), admin_id: row?.id ?? null, client, outcome })
      .execute();
    const fields = { event: "admin.login", email: input.email.slice(0, 320), client, outcome, adminId: row?.id ?? null };
    if (outcome === "success") logger.info(fields, "admin sign-in");
    else logger.warn(fields, outcome === "failure" ? "admin sign-in failed" : "admin sign-in refused");
  };

  if ((await clientAttempts(db, client, now)) >= CLIENT_ATTEMPT_LIMIT) {
    await record("throttled");
    throw new AppError(429, CLIENT_THROTTLED);
  }
  const until = await lockedUntil(db, input.email, row?.password_changed_at ?? null, now);
  if (until !== null) {
    await record("locked");
    throw new AppError(429, waitMessage(until - now));
  }
  const clientBurst = await request.limits.consume(CLIENT_BURST, client);
  if (!clientBurst.allowed) {
    await record("throttled");
    throw new AppError(429, CLIENT_THROTTLED);
  }
  const emailBurst = await request.limits.consume(EMAIL_BURST, input.email);
  if (!emailBurst.allowed) {
    await record("locked");
    throw new AppError(429, waitMessage(emailBurst.retryAfterMs));
  }

  const ok = row && input.password ? await verifyPassword(row.password_hash, input.password) : await verifyNothing(input.password);
  if (!ok || !row || toBool(row.disabled)) {
    await record("failure");
    const next = await lockedUntil(db, input.email, row?.password_changed_at ?? null, now);
    if (next !== null) logger.warn({ event: "admin.lockout", email: input.email.slice(0, 320), client }, "sign-in locked");
    throw new AppError(401, LOGIN_FAILED);
  }

  await record("success");
  // A success starts the e-mail's count again, as it does for the lock.
  await request.limits.reset(EMAIL_BURST, input.email);
  await pruneSessions(db);
  const session = await createSession(db, row.id, { persistent: input.remember, userAgent: request.userAgent });
  return { admin: toAdmin(row), token: session.token, persistent: input.remember };
}

/**
 * The sign-in page's answer to a sign-in (or to the first account, just created):
 * the spec's success message, with the session cookie set on the answer's
 * `headers` (the form kit's). A refused sign-in throws the AppError the form
 * shows (401, 429).
 */
export async function signInAnswer(
  app: Pick<AppContext, "db" | "logger" | "clientAddress" | "limits">,
  request: Request,
  input: { email: string; password: string; remember?: unknown },
  headers: Headers,
): Promise<FormSuccess> {
  const session = await login(app.db, app.logger, {
    ...input,
    remember: input.remember,
    client: app.clientAddress,
    userAgent: request.headers.get("User-Agent"),
    limits: app.limits,
  });
  headers.append("Set-Cookie", sessionCookie(session.token, { secure: isSecureRequest(request), persistent: session.persistent }));
  return { ok: true, message: LOGIN_SUCCESS };
}

/** Removes sign-in attempts older than LOGIN_ATTEMPT_KEEP_MS (the prune job runs it); returns how many. */
export async function pruneLoginAttempts(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("login_attempts")
    .where("at", "<", new Date(now.getTime() - LOGIN_ATTEMPT_KEEP_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
