import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "#app/utils/zod.ts";
import { parseDatabaseUrl, type DatabaseTarget } from "#app/db/client.server.ts";
import type { TmdbSettings } from "#app/integrations/tmdb/client.server.ts";

/** A configuration problem, worded as one line for the operator. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export interface Config {
  nodeEnv: "production" | "development" | "test";
  isProduction: boolean;
  port: number;
  /** Empty: all interfaces. */
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  /** Origin the site is reached at, without a trailing slash. */
  publicUrl: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Express's "trust proxy" setting. */
  trustProxy: boolean | number | string[];
  seedDemo: boolean;
  /** From SESSION_SECRET, else generated once and kept in the data folder. */
  sessionSecret: string;
  /** Google sign-in for the Drive dashboard; null when no client id and secret are set. */
  google: GoogleConfig | null;
  /** TMDB lookups; null when neither TMDB_API_KEY nor TMDB_READ_TOKEN is set. */
  tmdb: TmdbSettings | null;
  /** Operator e-mail (SMTP_URL, SMTP_FROM); null when SMTP_URL is not set. */
  smtp: SmtpConfig | null;
  /** Path of a MaxMind-format city database for quick requests' location; null = location unknown. */
  geoipDb: string | null;
  /** The in-process page cache (PAGE_CACHE, PAGE_CACHE_MB); null when turned off. */
  pageCache: { maxBytes: number } | null;
  /** WEBHOOK_ALLOW_PRIVATE: the operator webhook may target loopback, private and link-local addresses. */
  webhookAllowPrivate: boolean;
  /** Who may read GET /metrics (METRICS, METRICS_ALLOW, METRICS_TOKEN); null when turned off. */
  metrics: { allow: string[]; token: string | null } | null;
  /** REDIS_URL: rate limits and the TMDB cache live in Redis instead of the database or memory (ADR 027). May hold a password. */
  redisUrl: string | null;
  /** JOBS: this instance runs background jobs (off: a web-only instance that only queues them; ADR 028). */
  jobsWorker: boolean;
  /** JOBS_TEST_RECORD: test only; adds jobs that append their runs to this file (app/modules/jobs/test-jobs.server.ts). */
  jobsTestRecord: string | null;
  /** LINK_CHECKS: this instance's job runner sweeps download links on schedule (ADR 029); the admin's "check now" works either way. */
  linkChecks: boolean;
  /** SHUTDOWN_TIMEOUT_MS: after SIGTERM the process exits non-zero this long after, whatever is still open. */
  shutdownTimeoutMs: number;
  /** Problems that do not stop the server but that the operator should hear of. */
  warnings: string[];
}

/** Where operator e-mail goes out. Holds the password: never log or send it to a page. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte. smtp:// upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** The From header, e.g. "Cinedex <alerts@cinedex.example>". */
  from: string;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** OpenID issuer; its discovery document gives the endpoints. */
  issuer: string;
  /** Base of the Drive v3 API. */
  driveApiUrl: string;
  /** Ask for the `drive` scope so the Share section can create "anyone with the link" permissions. */
  sharing: boolean;
}

const SESSION_SECRET_FILE = "session-secret";
/** Under Kubernetes' 30 s before SIGKILL, so the process says what was still open rather than being killed silently. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;
const MIN_SECRET_LENGTH = 32;
const PROXY_KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const flag = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ["true", "false", "1", "0", "yes", "no"].includes(v), "must be true or false")
    .transform((v) => ["true", "1", "yes"].includes(v))
    .optional(),
);

function isProxyAddress(value: string): boolean {
  if (PROXY_KEYWORDS.has(value)) return true;
  const [address, bits, ...rest] = value.split("/");
  const family = net.isIP(address ?? "");
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** Trimmed text that parses as a URL the check accepts; anything else gets the message. */
function urlWhere(accept: (url: URL) => boolean, message: string) {
  return z
    .string()
    .trim()
    .refine((v) => {
      try {
        return accept(new URL(v));
      } catch {
        return false;
      }
    }, message);
}

/** An http(s) base address without query or fragment, trailing slash removed. */
function httpUrl(fallback: string) {
  return urlWhere(
    (url) => (url.protocol === "http:" || url.protocol === "https:") && !url.search && !url.hash && !url.username && !url.password,
    "must be an http(s) address without query string",
  )
    .transform((v) => v.replace(/\/+$/, ""))
    .default(fallback);
}

/** Every environment variable the server reads (README and .env.example list each). */
const schema = z.object({
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z.enum(["production", "development", "test"], { error: "must be production, development or test" }).default("development"),
  ),
  PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a whole number from 1 to 65535")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65_535, "must be a whole number from 1 to 65535")
      .default(3000),
  ),
  HOST: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((v) => net.isIP(v) !== 0 || /^[a-z0-9.-]+$/i.test(v), "must be an IP address or a host name")
      .default(""),
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().trim().default("data")),
  DATABASE_URL: z.preprocess(blankToUndefined, z.string().optional()),
  PUBLIC_URL: z.preprocess(
    blankToUndefined,
    urlWhere(
      (url) => (url.protocol === "http:" || url.protocol === "https:") && url.pathname === "/" && !url.search && !url.hash,
      "must be an http(s) origin such as https://cinedex.example (no path)",
    )
      .transform((v) => new URL(v).origin)
      .optional(),
  ),
  SESSION_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters long`).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
  ),
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((v, ctx): boolean | number | string[] => {
        const lower = v.toLowerCase();
        if (lower === "false") return false;
        if (lower === "true") return true;
        if (/^\d+$/.test(v)) return Number(v);
        const entries = v.split(",").map((s) => s.trim());
        if (entries.every(isProxyAddress)) return entries;
        ctx.addIssue({
          code: "custom",
          message: "must be false, true, a number of hops, or a comma-separated list of proxy addresses (IP, CIDR, loopback)",
        });
        return z.NEVER;
      })
      .default(false),
  ),
  SEED_DEMO: flag,
  GOOGLE_CLIENT_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().optional()),
  GOOGLE_ISSUER: z.preprocess(blankToUndefined, httpUrl("https://accounts.google.com")),
  GOOGLE_DRIVE_API_URL: z.preprocess(blankToUndefined, httpUrl("https://www.googleapis.com")),
  GOOGLE_DRIVE_SHARING: flag,
  TMDB_API_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{16,64}$/, "must be a TMDB v3 API key (letters and digits)")
      .optional(),
  ),
  TMDB_READ_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[\w.-]{20,1000}$/, "must be a TMDB v4 read access token")
      .optional(),
  ),
  TMDB_BASE_URL: z.preprocess(blankToUndefined, httpUrl("https://api.themoviedb.org/3")),
  TMDB_IMAGE_BASE: z.preprocess(blankToUndefined, httpUrl("https://image.tmdb.org/t/p")),
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((v, ctx) => {
        const parsed = parseSmtpUrl(v);
        if (parsed) return parsed;
        ctx.addIssue({
          code: "custom",
          message: "must be an address such as smtp://user:password@mail.example:587 or smtps://user:password@mail.example:465",
        });
        return z.NEVER;
      })
      .optional(),
  ),
  SMTP_FROM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(200, "must be at most 200 characters")
      .refine(isMailbox, 'must be an e-mail address, or a name and an address such as "Cinedex <alerts@cinedex.example>"')
      .optional(),
  ),
  PAGE_CACHE: flag,
  PAGE_CACHE_MB: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a whole number of megabytes from 1 to 4096")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 4096, "must be a whole number of megabytes from 1 to 4096")
      .default(64),
  ),
  WEBHOOK_ALLOW_PRIVATE: flag,
  LINK_CHECKS: flag,
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a whole number of milliseconds from 100 to 600000")
      .transform(Number)
      .refine((n) => n >= 100 && n <= 600_000, "must be a whole number of milliseconds from 100 to 600000")
      .default(DEFAULT_SHUTDOWN_TIMEOUT_MS),
  ),
  JOBS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => ["on", "off", "true", "false", "1", "0", "yes", "no"].includes(v), "must be on or off")
      .transform((v) => ["on", "true", "1", "yes"].includes(v))
      .optional(),
  ),
  JOBS_TEST_RECORD: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((v) => !v.includes("\0"), "must be a file path")
      .optional(),
  ),
  METRICS: flag,
  METRICS_ALLOW: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((v) => v.split(",").map((s) => s.trim()))
      .refine((entries) => entries.every((e) => e !== "" && !PROXY_KEYWORDS.has(e) && isProxyAddress(e)), {
        message: "must be a comma-separated list of IP addresses or CIDR networks such as 127.0.0.1/8,::1,10.0.0.0/8",
      })
      .default(["127.0.0.1/8", "::1"]),
  ),
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, "must be 16 to 200 printable characters without spaces")
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    urlWhere(
      (url) => (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "" && !url.search && !url.hash,
      "must be an address such as redis://127.0.0.1:6379 or rediss://user:password@redis.example:6380/0",
    ).optional(),
  ),
  GEOIP_DB: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((v) => !v.includes("\0"), "must be a file path")
      .refine((v) => /\.mmdb$/i.test(v), "must be the path of a MaxMind-format .mmdb file")
      .optional(),
  ),
});

const EMAIL_ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** "a@b.example" or "Name <a@b.example>"; no line breaks (they would start a new header). */
function isMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^([^<>"\r\n]*)<([^<>]+)>$/.exec(value);
  return EMAIL_ADDRESS.test(named ? named[2]!.trim() : value);
}

/** smtp:// or smtps:// with a host, an optional port and optional credentials; nothing else. */
function parseSmtpUrl(value: string): Omit<SmtpConfig, "from"> | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return null;
  if (!url.hostname || (url.pathname !== "" && url.pathname !== "/") || url.search || url.hash) return null;
  const secure = url.protocol === "smtps:";
  let user: string | null;
  let password: string | null;
  try {
    user = url.username ? decodeURIComponent(url.username) : null;
    password = url.password ? decodeURIComponent(url.password) : null;
  } catch {
    return null;
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user,
    password,
  };
}

/** Variables whose value must not be echoed back in an error. */
const SECRET_VARIABLES = new Set([
  "METRICS_TOKEN",
  "SESSION_SECRET",
  "DATABASE_URL",
  "GOOGLE_CLIENT_SECRET",
  "TMDB_API_KEY",
  "TMDB_READ_TOKEN",
  "SMTP_URL",
  "REDIS_URL",
]);

/**
 * Reads and checks the environment once. Throws a ConfigError whose message is a
 * single line naming every variable that is wrong.
 */
/** The names of the environment variables the server reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      const raw = env[name];
      // JSON quoting keeps a value with a line break on the one line.
      const shown = raw !== undefined && !SECRET_VARIABLES.has(name) ? ` (got ${JSON.stringify(raw)})` : "";
      problems.push(`${name} ${issue.message}${shown}`);
    }
  }
  const dataDir = path.resolve(result.success ? result.data.DATA_DIR : (env.DATA_DIR ?? "data"));
  const database = parseDatabaseUrl(env.DATABASE_URL, path.join(dataDir, "cinedex.db"));
  if (typeof database === "string") problems.push(`DATABASE_URL ${database}`);
  if (result.success && Boolean(result.data.GOOGLE_CLIENT_ID) !== Boolean(result.data.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  if (problems.length > 0 || !result.success || typeof database === "string") {
    throw new ConfigError(`Invalid configuration: ${[...new Set(problems)].join("; ")}.`);
  }

  const e = result.data;
  const isProduction = e.NODE_ENV === "production";
  const warnings: string[] = [];
  const sessionSecret = e.SESSION_SECRET ?? sessionSecretFromDataDir(dataDir, isProduction, warnings);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  if (e.JOBS_TEST_RECORD) warnings.push("JOBS_TEST_RECORD is set: this instance runs the test jobs (for the test suite only).");
  if (e.SMTP_FROM && !e.SMTP_URL) warnings.push("SMTP_FROM is set but SMTP_URL is not: operator notifications will not be e-mailed.");
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? true,
    sessionSecret,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
            driveApiUrl: e.GOOGLE_DRIVE_API_URL,
            sharing: e.GOOGLE_DRIVE_SHARING ?? false,
          }
        : null,
    tmdb:
      e.TMDB_API_KEY || e.TMDB_READ_TOKEN
        ? { apiKey: e.TMDB_API_KEY ?? null, readToken: e.TMDB_READ_TOKEN ?? null, baseUrl: e.TMDB_BASE_URL, imageBase: e.TMDB_IMAGE_BASE }
        : null,
    smtp: e.SMTP_URL ? { ...e.SMTP_URL, from: e.SMTP_FROM ?? defaultSender(e.SMTP_URL.user, publicUrl) } : null,
    geoipDb: e.GEOIP_DB ? path.resolve(e.GEOIP_DB) : null,
    pageCache: (e.PAGE_CACHE ?? true) ? { maxBytes: e.PAGE_CACHE_MB * 1024 * 1024 } : null,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? false,
    metrics: (e.METRICS ?? true) ? { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN ?? null } : null,
    redisUrl: e.REDIS_URL ?? null,
    jobsWorker: e.JOBS ?? true,
    linkChecks: e.LINK_CHECKS ?? true,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobsTestRecord: e.JOBS_TEST_RECORD ? path.resolve(e.JOBS_TEST_RECORD) : null,
    warnings,
  };
}

/** The SMTP account when it is an address (most providers require that), else an address at the site's host. */
function defaultSender(user: string | null, publicUrl: string): string {
  if (user && EMAIL_ADDRESS.test(user)) return `Cinedex <${user}>`;
  return `Cinedex <cinedex@${new URL(publicUrl).hostname}>`;
}

/**
 * A secret generated on first start and kept in the data folder, so sessions
 * survive restarts without any configuration. Outside production an unwritable
 * folder only costs that persistence; in production it is refused.
 */
function sessionSecretFromDataDir(dataDir: string, isProduction: boolean, warnings: string[]): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  try {
    const stored = fs.readFileSync(file, "utf8").trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  } catch {
    // Not there yet (or unreadable): make one below.
  }
  const secret = crypto.randomBytes(32).toString("hex");
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  } catch (error) {
    if (isProduction) throw cannotKeepSecret(file, error);
    warnings.push(`SESSION_SECRET is not set and ${file} cannot be written: sessions will not survive a restart.`);
    return secret;
  }
}

function cannotKeepSecret(file: string, error: unknown): ConfigError {
  const reason = (error as NodeJS.ErrnoException).code ?? String(error);
  return new ConfigError(
    `Invalid configuration: SESSION_SECRET is not set and ${file} cannot be written (${reason}); set SESSION_SECRET or make DATA_DIR writable.`,
  );
}
