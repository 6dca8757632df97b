import type { AppContext } from "#app/context.ts";
import type { Db } from "#app/db/client.server.ts";
import { createAdmin } from "#app/modules/auth/accounts.server.ts";
import { requireAdmin } from "#app/modules/auth/guard.server.ts";
import type { Role } from "#app/modules/auth/schema.ts";
import { createSession, sessionCookieName } from "#app/modules/auth/sessions.server.ts";
import { routeArgs, routeContext } from "./route.ts";

let serial = 0;

/** A new account of the role, signed in: the session cookie its browser would send. */
export async function signInAs(db: Db, role: Role = "admin"): Promise<string> {
  serial += 1;
  const password = "correct-horse-battery-staple-9";
  const admin = await createAdmin(db, null, {
    name: `${role} ${serial}`,
    email: `${role}${serial}@cinedex.test`,
    password,
    confirmPassword: password,
    role,
  });
  const { token } = await createSession(db, admin.id, { persistent: false });
  return `${sessionCookieName(false)}=${token}`;
}

/** What a route answered: its status and body (a `data()` answer unwrapped). */
export interface RouteOutcome {
  status: number;
  body: unknown;
}

export function unwrapRouteResult(value: unknown): RouteOutcome {
  if (value instanceof Response) return { status: value.status, body: value };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: value };
}

type Handler = (args: never) => unknown;
type Middleware = (args: never, next: () => Promise<Response>) => unknown;

/**
 * One request to admin routes, the way the server runs it: the admin guard, then
 * each route's middleware in order, then `handlers` (the matched loaders, or an
 * action) side by side. Each handler's answer (or what it threw) is unwrapped.
 */
export async function runAsAdmin(
  db: Db,
  cookie: string,
  request: { method?: "GET" | "POST"; path: string; body?: BodyInit; headers?: Record<string, string> },
  {
    params = {},
    middleware = [],
    handlers,
    context = {},
  }: {
    params?: Record<string, string>;
    middleware?: Middleware[];
    handlers: Handler[];
    context?: Partial<AppContext>;
  },
): Promise<RouteOutcome[]> {
  const req = new Request(`http://localhost${request.path}`, {
    method: request.method ?? "GET",
    body: request.body,
    headers: { Cookie: cookie, Origin: "http://localhost", ...request.headers },
  });
  const routeCtx = routeContext(db, context);
  const args = routeArgs<never>(req, routeCtx, params);
  let outcomes: RouteOutcome[] = [];
  const chain: Middleware[] = [requireAdmin, ...middleware];
  const run = async (index: number): Promise<Response> => {
    if (index < chain.length) {
      await chain[index]!(args, () => run(index + 1));
      return new Response(null);
    }
    outcomes = await Promise.all(
      handlers.map(async (handler) => {
        try {
          return unwrapRouteResult(await handler(args));
        } catch (thrown) {
          return unwrapRouteResult(thrown);
        }
      }),
    );
    return new Response(null);
  };
  await run(0);
  return outcomes;
}
