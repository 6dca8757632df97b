import type { Request, Response } from "express";
import { problemParts } from "#app/http/api.server.ts";
import { PROBLEMS, type ProblemKind } from "#app/modules/api/openapi.ts";

/** A request Express refuses before the router: the API's problem kind, and the plain text the site's pages get. */
export interface Refusal {
  kind: ProblemKind;
  /** For an API client, as the API's own problems word it. */
  detail: string;
  text: string;
  headers?: Record<string, string>;
  /** The plain text's status when it is not the kind's (another 4xx Express met); the API's problem keeps its kind's. */
  textStatus?: number;
}

export const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * Answers a refusal made in Express (an unknown method, a body over the limit, a
 * cross-site write, an undecodable address): under /api/ as the API answers every
 * error, RFC 9457 problem details (app/http/api.server.ts), so a client's
 * error handling sees one format; elsewhere as plain text. The site's address for
 * the problem `type` is `app.locals.publicUrl` (server/app.ts sets it).
 */
export function refuse(req: Request, res: Response, refusal: Refusal): void {
  const publicUrl = (req.app.locals as { publicUrl?: string }).publicUrl;
  if (publicUrl && isApiPath(req.path)) {
    const { status, headers, body } = problemParts(publicUrl, refusal.kind, refusal.detail, { headers: refusal.headers });
    // end(), not send(): send would append a charset to the problem's media type.
    res.status(status).set(headers).end(body);
    return;
  }
  res
    .status(refusal.textStatus ?? PROBLEMS[refusal.kind].status)
    .set(refusal.headers ?? {})
    .type("text/plain")
    .send(refusal.text);
}
