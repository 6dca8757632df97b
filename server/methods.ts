import type { RequestHandler } from "express";

/** Every method some route answers; the router builds a Fetch Request, which refuses others (TRACE, CONNECT, TRACK). */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

/** Other methods (TRACE, PROPFIND, made-up ones) are a client's mistake: 405 with Allow, logged at warn. */
export const knownMethods: RequestHandler = (req, res, next) => {
  if (ALLOWED.has(req.method)) return next();
  res.status(405).set("Allow", ALLOW_HEADER).type("text/plain").send(`Method Not Allowed: this site answers ${ALLOW_HEADER}.`);
};
