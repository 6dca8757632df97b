import type { RequestHandler } from "express";
import { refuse } from "./api-problems.ts";

/** Every method some route answers; the router builds a Fetch Request, which refuses others (TRACE, CONNECT, TRACK). */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

/** Other methods (TRACE, PROPFIND, made-up ones) are a client's mistake: 405 with Allow, logged at warn. */
export const knownMethods: RequestHandler = (req, res, next) => {
  if (ALLOWED.has(req.method)) return next();
  refuse(req, res, {
    kind: "method-not-allowed",
    detail: `${req.method} is not allowed here. This site answers ${ALLOW_HEADER}.`,
    text: `Method Not Allowed: this site answers ${ALLOW_HEADER}.`,
    headers: { Allow: ALLOW_HEADER },
  });
};
