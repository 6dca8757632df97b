import type { AppContext } from "#app/context.ts";
import type { Db } from "#app/db/client.server.ts";
import type { FormResult } from "#app/utils/submission.ts";
import { routeArgs, routeContext } from "./route.ts";

type Fields = Record<string, string | string[]>;
type Action = (args: never) => Promise<unknown>;

let addressSerial = 0;
/** A client address no other test has used, so rate limits do not carry over between tests. */
export function freshAddress(): string {
  addressSerial++;
  return `10.${(addressSerial >> 16) & 255}.${(addressSerial >> 8) & 255}.${addressSerial & 255}`;
}

/** Posts fields (a field given as an array is sent once per value) to a route action, as a browser form would. */
export async function postForm(
  action: Action,
  db: Db,
  path: string,
  fields: Fields,
  options: {
    context?: Partial<AppContext>;
    params?: Record<string, string>;
    body?: BodyInit;
    contentType?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; result: FormResult<{ detail?: string | null }>; headers: Headers }> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: options.body ?? body,
    headers: { ...(options.contentType ? { "Content-Type": options.contentType } : {}), ...options.headers },
  });
  const context = routeContext(db, { clientAddress: freshAddress(), ...options.context });
  const answer = (await action(routeArgs<never>(request, context, options.params ?? {}))) as {
    data: FormResult<{ detail?: string | null }>;
    init: ResponseInit | null;
  };
  return { status: answer.init?.status ?? 200, result: answer.data, headers: new Headers(answer.init?.headers) };
}
