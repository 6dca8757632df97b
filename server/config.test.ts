import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig } from "./config.ts";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-config-"));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

describe("loadConfig", () => {
  it("needs nothing: SQLite in the data folder, port 3000, demo seeding on", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "",
      dataDir,
      database: { dialect: "sqlite", file: path.join(dataDir, "cinedex.db") },
      publicUrl: "http://localhost:3000",
      logLevel: "info",
      trustProxy: false,
      seedDemo: true,
      warnings: [],
    });
  });

  it("runs background jobs unless JOBS=off; the test jobs only with JOBS_TEST_RECORD, with a warning", () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ jobsWorker: true, jobsTestRecord: null });
    expect(loadConfig({ DATA_DIR: dataDir, JOBS: "off" }).jobsWorker).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir }).linkChecks).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, LINK_CHECKS: "false" }).linkChecks).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, JOBS: " On " }).jobsWorker).toBe(true);
    expect(errorOf({ JOBS: "sometimes" })).toBe('Invalid configuration: JOBS must be on or off (got "sometimes").');
    const withHooks = loadConfig({ DATA_DIR: dataDir, JOBS_TEST_RECORD: "runs.jsonl" });
    expect(withHooks.jobsTestRecord).toBe(path.resolve("runs.jsonl"));
    expect(withHooks.warnings).toEqual(["JOBS_TEST_RECORD is set: this instance runs the test jobs (for the test suite only)."]);
  });

  it("bounds the stop at 25 s unless SHUTDOWN_TIMEOUT_MS says otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: " 3000 " }).shutdownTimeoutMs).toBe(3_000);
    for (const value of ["50", "1e4", "-1", "700000", "soon"])
      expect(errorOf({ SHUTDOWN_TIMEOUT_MS: value })).toBe(
        `Invalid configuration: SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000 (got "${value}").`,
      );
  });

  it("generates a session secret once and keeps it in the data folder", () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    const file = path.join(dataDir, "session-secret");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40) }).sessionSecret).toBe("s".repeat(40));
  });

  it("refuses an unwritable data folder in production only", () => {
    // A folder "inside" a regular file cannot be created, not even by root.
    const blocker = path.join(dataDir, "not-a-folder");
    fs.writeFileSync(blocker, "");
    const unwritable = path.join(blocker, "data");
    expect(errorOf({ NODE_ENV: "production", DATA_DIR: unwritable })).toMatch(
      /^Invalid configuration: SESSION_SECRET is not set and .* cannot be written \(ENOTDIR\); set SESSION_SECRET or make DATA_DIR writable\.$/,
    );
    const dev = loadConfig({ DATA_DIR: unwritable });
    expect(dev.sessionSecret).toHaveLength(64);
    expect(dev.warnings[0]).toMatch(/sessions will not survive a restart/);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://cinedex:secret@db.internal:5432/cinedex",
      PUBLIC_URL: "https://cinedex.example/",
      SESSION_SECRET: "x".repeat(32),
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback, 10.0.0.0/8",
      SEED_DEMO: "false",
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      host: "127.0.0.1",
      database: { dialect: "postgres", url: "postgres://cinedex:secret@db.internal:5432/cinedex" },
      publicUrl: "https://cinedex.example",
      logLevel: "warn",
      trustProxy: ["loopback", "10.0.0.0/8"],
      seedDemo: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "true" }).trustProxy).toBe(true);
  });

  it("names the variable and the bad value in one line", () => {
    expect(errorOf({ PORT: "abc" })).toBe('Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").');
    expect(errorOf({ PORT: "70000" })).toBe('Invalid configuration: PORT must be a whole number from 1 to 65535 (got "70000").');
    expect(errorOf({ LOG_LEVEL: "loud" })).toBe(
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").',
    );
    expect(errorOf({ PUBLIC_URL: "cinedex.example" })).toMatch(/^Invalid configuration: PUBLIC_URL must be an http\(s\) origin/);
    expect(errorOf({ TRUST_PROXY: "sometimes" })).toMatch(/^Invalid configuration: TRUST_PROXY must be false, true/);
    expect(errorOf({ SEED_DEMO: "maybe" })).toBe('Invalid configuration: SEED_DEMO must be true or false (got "maybe").');
    expect(errorOf({ NODE_ENV: "staging" })).toMatch(/^Invalid configuration: NODE_ENV must be production, development or test/);
  });

  it("never echoes secrets back", () => {
    const message = errorOf({ SESSION_SECRET: "short-but-secret", DATABASE_URL: "mysql://root:hunter2@db/x" });
    expect(message).toBe(
      "Invalid configuration: SESSION_SECRET must be at least 32 characters long; DATABASE_URL must be a postgres:// URL or a path to a SQLite file.",
    );
    expect(message).not.toMatch(/hunter2|short-but-secret/);
    for (const line of [message]) expect(line.split("\n")).toHaveLength(1);
  });

  it("keeps shared state in Redis only when REDIS_URL is a redis address, and never echoes it when it is wrong", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).redisUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: " redis://127.0.0.1:6379 " }).redisUrl).toBe("redis://127.0.0.1:6379");
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: "rediss://u:p@cache.example:6380/2" }).redisUrl).toBe(
      "rediss://u:p@cache.example:6380/2",
    );
    for (const bad of ["http://cache.example", "redis://", "not a url", "redis://h:6379/0?password=hunter2"]) {
      const message = errorOf({ REDIS_URL: bad });
      expect(message).toMatch(/^Invalid configuration: REDIS_URL must be an address such as redis:\/\/127\.0\.0\.1:6379/);
      expect(message).not.toContain("hunter2");
    }
  });

  it("turns TMDB on with a key or a read token, and never echoes either when it is wrong", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).tmdb).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, TMDB_API_KEY: "abcdef0123456789abcdef0123456789" }).tmdb).toEqual({
      apiKey: "abcdef0123456789abcdef0123456789",
      readToken: null,
      baseUrl: "https://api.themoviedb.org/3",
      imageBase: "https://image.tmdb.org/t/p",
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, TMDB_READ_TOKEN: "eyJhbGciOiJIUzI1NiJ9.abc.def", TMDB_BASE_URL: "http://127.0.0.1:9999/3/" }).tmdb,
    ).toMatchObject({
      readToken: "eyJhbGciOiJIUzI1NiJ9.abc.def",
      baseUrl: "http://127.0.0.1:9999/3",
    });
    const message = errorOf({ TMDB_API_KEY: "secret key with spaces!", TMDB_BASE_URL: "ftp://x" });
    expect(message).toMatch(/^Invalid configuration: .*TMDB_API_KEY must be a TMDB v3 API key.*TMDB_BASE_URL must be an http\(s\) address/);
    expect(message).not.toContain("secret key");
    expect(message.split("\n")).toHaveLength(1);
  });

  it("reads SMTP_URL into a mail server, defaults the port and sender, and never echoes the URL when it is wrong", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).smtp).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: "smtps://alerts%40cinedex.example:p%40ss@mail.example" }).smtp).toEqual({
      host: "mail.example",
      port: 465,
      secure: true,
      user: "alerts@cinedex.example",
      password: "p@ss",
      from: "Cinedex <alerts@cinedex.example>",
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: "smtp://127.0.0.1:2525",
        PUBLIC_URL: "https://cinedex.example",
        SMTP_FROM: "Ops <ops@cinedex.example>",
      }).smtp,
    ).toEqual({ host: "127.0.0.1", port: 2525, secure: false, user: null, password: null, from: "Ops <ops@cinedex.example>" });
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: "smtp://mail.example", PUBLIC_URL: "https://cinedex.example" }).smtp).toMatchObject({
      port: 587,
      from: "Cinedex <cinedex@cinedex.example>",
    });

    const message = errorOf({ SMTP_URL: "http://user:hunter2@mail.example", SMTP_FROM: "Ops\r\nBcc: x@y.example" });
    expect(message).toMatch(
      /^Invalid configuration: SMTP_URL must be an address such as smtp:\/\/user:password@mail\.example:587.*; SMTP_FROM must be an e-mail address/,
    );
    expect(message).not.toContain("hunter2");
    expect(message.split("\n")).toHaveLength(1);
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_FROM: "ops@cinedex.example" }).warnings).toEqual([
      "SMTP_FROM is set but SMTP_URL is not: operator notifications will not be e-mailed.",
    ]);
  });
});

describe("documentation of the configuration", () => {
  it("serves metrics to loopback by default; METRICS_ALLOW and METRICS_TOKEN are checked, the token never echoed", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).metrics).toEqual({ allow: ["127.0.0.1/8", "::1"], token: null });
    expect(loadConfig({ DATA_DIR: dataDir, METRICS: "false" }).metrics).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dataDir, METRICS_ALLOW: " 10.0.0.0/8 , fd00::/8,192.0.2.7", METRICS_TOKEN: "a-long-enough-token-1234" })
        .metrics,
    ).toEqual({ allow: ["10.0.0.0/8", "fd00::/8", "192.0.2.7"], token: "a-long-enough-token-1234" });
    for (const bad of ["loopback", "10.0.0.0/33", "example.com", "10.0.0.1,"]) {
      expect(errorOf({ METRICS_ALLOW: bad })).toMatch(
        /^Invalid configuration: METRICS_ALLOW must be a comma-separated list of IP addresses or CIDR networks/,
      );
    }
    const short = errorOf({ METRICS_TOKEN: "short secret" });
    expect(short).toBe("Invalid configuration: METRICS_TOKEN must be 16 to 200 printable characters without spaces.");
    expect(short).not.toContain("short secret");
  });

  it("lists every variable the server reads in .env.example and the README", () => {
    const example = fs.readFileSync(path.join(import.meta.dirname, "..", ".env.example"), "utf8");
    const readme = fs.readFileSync(path.join(import.meta.dirname, "..", "README.md"), "utf8");
    for (const name of CONFIG_VARIABLES) {
      expect(example, `.env.example lacks ${name}`).toMatch(new RegExp(`^#? ?${name}=`, "m"));
      expect(readme, `README lacks ${name}`).toContain(`\`${name}\``);
    }
  });
});
