import pino, { type DestinationStream, type Logger } from "pino";
import { redactUrl } from "#app/utils/redact-url.ts";
import type { Config } from "./config.ts";

/** pino-http's request and response as logged: no headers (so no Cookie or Authorization), the address redacted. */
export const requestLogSerializers = {
  req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(String(req.url)) }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

/** Secret headers are dropped; any `url` field (a line's own or one level down) is redacted. */
export const LOG_REDACTION = {
  paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "url", "*.url"],
  censor: (value: unknown, path: string[]) =>
    path.at(-2) === "headers" ? undefined : typeof value === "string" ? redactUrl(value) : value,
};

export function createLogger(config: Pick<Config, "logLevel">, destination?: DestinationStream): Logger {
  return pino({ level: config.logLevel, base: undefined, redact: LOG_REDACTION }, destination);
}
