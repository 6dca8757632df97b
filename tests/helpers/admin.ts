import type { RouterContextProvider } from "react-router";
import type { AppContext } from "#app/context.ts";
import type { Db } from "#app/db/client.server.ts";
import { toAdmin } from "#app/modules/auth/accounts.server.ts";
import { requireAdmin } from "#app/http/admin-guard.server.ts";
import { hashPassword } from "#app/modules/auth/password.server.ts";
import type { Role } from "#app/modules/auth/schema.ts";
import { createSession, sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import type { Admin } from "#app/modules/auth/types.ts";
import { routeArgs, routeContext } from "./route.ts";

export const TEST_PASSWORD = "correct-horse-battery-staple-9";

let counter = 0;
// Hashed once: argon2 is slow on purpose, and route tests create many accounts.
let testPasswordHash: Promise<string> | undefined;

/**
 * A new account of the role (password TEST_PASSWORD), signed in: its session token
 * and the Cookie header the browser would send.
 */
export async function signIn(db: Db, role: Role = "admin"): Promise<{ admin: Admin; token: string; cookie: string }> {
  counter += 1;
  const now = new Date().toISOString();
  const row = await db
    .insertInto("admins")
    .values({
      name: `${role} ${counter}`,
      email: `${role}${counter}@cinedex.test`,
      role,
      password_hash: await (testPasswordHash ??= hashPassword(TEST_PASSWORD)),
      disabled: false,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const admin = toAdmin(row);
  const { token } = await createSession(db, admin.id, { persistent: false });
  return { admin, token, cookie: `${sessionCookieName(false)}=${token}` };
}

/** What a route answered: its status, the data (or null for a bare Response), and the Response's headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A loader's or action's return value (or what it threw) as the server would send it. */
export function answerOf(value: unknown): Answer {
  if (value instanceof Response) return { status: value.status, body: null, headers: value.headers };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
  }
  return { status: 200, body: value, headers: new Headers() };
}

type Handler = (args: never) => unknown;

export interface RouteCall {
  method?: "GET" | "POST";
  path: string;
  params?: Record<string, string>;
  /** A form post; or give `body` and `contentType` for anything else. */
  form?: Record<string, string | string[]>;
  body?: BodyInit;
  contentType?: string;
  cookie?: string;
  context?: Partial<AppContext>;
}

function requestFor(call: RouteCall): Request {
  const headers = new Headers({ Origin: "http://localhost" });
  if (call.cookie) headers.set("Cookie", call.cookie);
  if (call.contentType) headers.set("Content-Type", call.contentType);
  let body = call.body;
  if (call.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(call.form)) for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
    body = form;
  }
  return new Request(`http://localhost${call.path}`, { method: call.method ?? (body === undefined ? "GET" : "POST"), headers, body });
}

/** Calls a public route's loader or action directly; a thrown answer is its answer. */
export async function callRoute(handler: Handler, db: Db, call: RouteCall): Promise<Answer> {
  const request = requestFor(call);
  const context = routeContext(db, call.context);
  try {
    return answerOf(await handler(routeArgs(request, context, call.params)));
  } catch (thrown) {
    return answerOf(thrown);
  }
}

/**
 * Calls an admin route's loader or action the way the server does: the admin
 * guard first (so a missing session redirects), then the handler; a thrown
 * answer (`data(…, { status: 403 })`, a 404) is its answer. `context` is the
 * request's router context afterwards, to see what the handler left in it.
 */
export async function callAdminRoute(handler: Handler, db: Db, call: RouteCall): Promise<Answer & { context: RouterContextProvider }> {
  const request = requestFor(call);
  const context = routeContext(db, call.context);
  let answer: Answer | undefined;
  try {
    await requireAdmin(routeArgs(request, context, call.params), async () => {
      try {
        answer = answerOf(await handler(routeArgs(request, context, call.params)));
      } catch (thrown) {
        answer = answerOf(thrown);
      }
      return new Response(null);
    });
  } catch (thrown) {
    answer = answerOf(thrown);
  }
  return { ...answer!, context };
}
