import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { redactUrl } from "#app/utils/redact-url.ts";
import { ownOrigin } from "./request-target.ts";
import { refuse } from "./api-problems.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

/** A fresh nonce per response, allowed by the CSP and put on every script we render. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
};

/**
 * Security headers. Scripts run only from our origin or with this response's
 * nonce; the site may not be framed. Development relaxes the CSP for Vite's
 * injected scripts and its hot-reload socket.
 */
export function securityHeaders({ development }: { development: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "https:"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            mediaSrc: ["'self'"],
            manifestSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
        },
    // Posters and screenshots come from other hosts.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Sent below only over HTTPS, where it means something.
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
  });
}

export const HSTS_HEADER = "max-age=31536000; includeSubDomains";

export const hstsOverHttps: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader("Strict-Transport-Security", HSTS_HEADER);
  next();
};

/**
 * Refuses request bodies above the limit before the router reads them. A body
 * without a declared length (chunked) is refused too: browsers always declare it,
 * and counting a stream the router then reads is not worth the risk.
 *
 * A path listed in `refusedByRoute` passes a declared length over its limit to its
 * route, which refuses it itself before reading a byte (readUpload checks the
 * declared length first), so a person uploading a file too large sees the screen
 * they were on with the limit stated, not a bare text page. Node discards the
 * unread body after the answer.
 */
export function bodyLimit(
  defaultMaxBytes: number,
  perPath: Record<string, number> = {},
  refusedByRoute: ReadonlySet<string> = new Set(),
): RequestHandler {
  return (req, res, next) => {
    // A route's data request (`/path.data`) is the same action as the page's.
    const path = req.path.replace(/\.data$/, "");
    const maxBytes = perPath[path] ?? defaultMaxBytes;
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      const length = Number(declared);
      if (!/^\d+$/.test(declared) || !Number.isSafeInteger(length)) {
        refuse(req, res, {
          kind: "bad-request",
          detail: "The Content-Length header is not a whole number of bytes.",
          text: "Bad Request: invalid Content-Length",
        });
        return;
      }
      if (length > maxBytes && !(req.method === "POST" && refusedByRoute.has(path))) {
        refuse(req, res, {
          kind: "too-large",
          detail: `The body is too large: requests are limited to ${maxBytes} bytes.`,
          text: `Payload Too Large: request bodies are limited to ${maxBytes} bytes`,
        });
        return;
      }
    } else if (req.headers["transfer-encoding"]) {
      refuse(req, res, {
        kind: "length-required",
        detail: "Send a Content-Length with the request body; chunked bodies are not accepted.",
        text: "Length Required: send a Content-Length with the request body",
      });
      return;
    }
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser says come from another site:
 * `Sec-Fetch-Site` other than same-origin, or an `Origin` other than the origin the
 * request was made to (its Host, or a trusted proxy's X-Forwarded-Host and -Proto).
 * This covers every route, resource routes included (React Router checks only
 * UI-route actions, the same way, and logs a mismatch as an error). PUBLIC_URL's
 * origin on a request for another host is refused too: the router would refuse it.
 * Requests with neither header are not from a modern browser; the admin guard
 * refuses those too, since a session cookie must not act without them.
 */
export function sameOriginWrites(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    const crossSite = (site !== undefined && site !== "same-origin") || (origin !== undefined && origin !== ownOrigin(req));
    if (crossSite) {
      req.log.warn({ event: "csrf.refused", origin, site, url: redactUrl(req.originalUrl) }, "cross-site write refused");
      refuse(req, res, {
        kind: "cross-site",
        detail: "This write came from another site's page. Pages of other sites may only read the API; send writes from a script.",
        text: "Forbidden: this request came from another site.",
      });
      return;
    }
    next();
  };
}
