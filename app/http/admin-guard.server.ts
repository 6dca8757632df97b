import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getApp } from "#app/context.ts";
import { actorOf } from "#app/modules/auth/accounts.server.ts";
import { LOGIN_PATH } from "#app/modules/auth/paths.ts";
import type { Role } from "#app/modules/auth/schema.ts";
import { clearedSessionCookie, isSecureRequest, readSession, sessionTokenFrom } from "#app/modules/auth/sessions.server.ts";
import type { Admin, AdminSession } from "#app/modules/auth/types.ts";

// One key per process (see app/context.ts for why it lives on globalThis).
const KEY = Symbol.for("cinedex.adminContext");
const registry = globalThis as { [KEY]?: ReturnType<typeof createContext<AdminSession>> };
const adminContext = (registry[KEY] ??= createContext<AdminSession>());

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The signed-in admin of this request, if any, without requiring one. */
export async function optionalAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<AdminSession | null> {
  const token = sessionTokenFrom(request);
  return token ? readSession(getApp(context).db, token) : null;
}

/**
 * Route middleware for every admin screen and action: no valid session → /admin
 * (the spec's guard). A state-changing request must also carry Origin or
 * Sec-Fetch-Site, so the session cookie never acts for a client that cannot say
 * where the request came from (the server refuses cross-site ones outright).
 */
export const requireAdmin: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await optionalAdmin(request, context);
  if (!session) {
    const headers = sessionTokenFrom(request) ? { "Set-Cookie": clearedSessionCookie(isSecureRequest(request)) } : undefined;
    throw redirect(LOGIN_PATH, { headers });
  }
  if (!SAFE_METHODS.has(request.method) && !request.headers.get("Origin") && !request.headers.get("Sec-Fetch-Site")) {
    throw new Response("Forbidden: the request did not say where it came from.", { status: 403 });
  }
  context.set(adminContext, session);
  const response = await next();
  // Admin pages are private and change with every edit.
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

/**
 * Replaces the signed-in admin's account for the rest of this request. A form
 * posted without JavaScript gets its page from the same request as the action, so
 * after the admin changes their own account the loaders must see the new one.
 */
export function refreshSignedInAdmin(context: Readonly<RouterContextProvider>, admin: Admin): void {
  (context as RouterContextProvider).set(adminContext, { ...getAdminSession(context), admin });
}

/** The signed-in admin; only under a route that runs requireAdmin. */
export function getAdminSession(context: Readonly<RouterContextProvider>): AdminSession {
  return context.get(adminContext);
}

export const ADMINISTRATORS_ONLY = "Only an Administrator can open this page.";

/** The signed-in admin; a 403 page unless their role is one of `roles`. */
export function requireRole(context: Readonly<RouterContextProvider>, ...roles: Role[]): AdminSession {
  const session = getAdminSession(context);
  if (!roles.includes(session.admin.role)) throw data(ADMINISTRATORS_ONLY, { status: 403 });
  return session;
}

export function actorFrom(context: Readonly<RouterContextProvider>) {
  return actorOf(getAdminSession(context).admin);
}
