import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowLoopbackPortsForTests } from "#app/utils/safe-fetch.server.ts";
import { startConnectionCounter, startLinkHost, type LinkHost } from "#tests/helpers/link-hosts.ts";
import { checkUrl, retryAfter } from "./check.server.ts";
import { softNotFound } from "./soft-404.ts";

describe("the link checker against a local host", () => {
  let host: LinkHost;
  let revoke: () => void;
  beforeAll(async () => {
    host = await startLinkHost();
    revoke = allowLoopbackPortsForTests([host.port]);
  });
  afterAll(async () => {
    revoke();
    await host.close();
  });
  const check = (path: string, timeoutMs = 3_000) => checkUrl(`${host.origin}${path}`, { timeoutMs });

  it("finds a file with HEAD alone and records its size, type and final address", async () => {
    host.requests.length = 0;
    const result = await check("/ok/film.mkv");
    expect(result).toMatchObject({
      outcome: "ok",
      httpStatus: 200,
      finalUrl: `${host.origin}/ok/film.mkv`,
      contentLength: 4096,
      contentType: "video/x-matroska",
      error: null,
    });
    expect(result.responseMs).toBeGreaterThanOrEqual(0);
    expect(host.requests).toEqual(["HEAD /ok/film.mkv"]);
  });

  it.each([
    ["/404", 404],
    ["/410", 410],
    ["/500", 500],
  ])("counts %s as a failure", async (path, status) => {
    const result = await check(path);
    expect(result.outcome).toBe("failed");
    expect(result.httpStatus).toBe(status);
    expect(result.error).toMatch(new RegExp(`^HTTP ${status}`));
  });

  it("asks with a ranged GET when the host refuses HEAD, and reads the file's size from Content-Range", async () => {
    host.requests.length = 0;
    const result = await check("/head-refused");
    expect(result).toMatchObject({ outcome: "ok", httpStatus: 206, contentLength: 734003200, contentType: "video/mp4" });
    expect(host.requests).toEqual(["HEAD /head-refused", "GET /head-refused"]);
  });

  it("gives up on a host that never answers within the time limit", async () => {
    const started = Date.now();
    const result = await check("/hang", 500);
    expect(result).toMatchObject({ outcome: "failed", httpStatus: null, error: "no answer within 0.5 s" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("does not wait for a body that trickles: the answer counts, within the time limit", async () => {
    const started = Date.now();
    const result = await check("/slow-body", 1_500);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result).toMatchObject({ outcome: "ok", httpStatus: 200 });
  });

  it("follows a chain of redirects and records where it ends", async () => {
    const result = await check("/redirect/5");
    expect(result).toMatchObject({ outcome: "ok", finalUrl: `${host.origin}/ok/after-redirects` });
  });

  it("stops after five redirects", async () => {
    const result = await check("/redirect/6");
    expect(result).toMatchObject({ outcome: "failed", error: "refused: more than 5 redirects" });
  });

  it('recognises a 200 "file not found" page, generic and Internet Archive', async () => {
    expect(await check("/soft-404")).toMatchObject({ outcome: "failed", httpStatus: 200, error: expect.stringMatching(/file not found/) });
    // The Internet Archive rule applies to archive.org only; the generic title rule does not match its page.
    expect((await check("/archive-missing")).outcome).toBe("ok");
    const archive = await checkUrl(`${host.origin}/archive-missing`, {
      softNotFoundRules: [{ name: "Internet Archive", host: /^127\.0\.0\.1$/, patterns: [/Item cannot be found/i] }],
    });
    expect(archive).toMatchObject({ outcome: "failed", error: 'Internet Archive: the host answered a "file not found" page' });
    expect((await check("/page")).outcome).toBe("ok");
  });

  it("counts a connection reset as a failure", async () => {
    expect(await check("/reset")).toMatchObject({ outcome: "failed", error: "the host reset the connection" });
  });

  it("treats 429 and 403 as inconclusive and keeps the host's Retry-After", async () => {
    expect(await check("/429?after=30")).toMatchObject({ outcome: "inconclusive", httpStatus: 429, retryAfterMs: 30_000 });
    expect(await check("/403")).toMatchObject({ outcome: "inconclusive", httpStatus: 403 });
  });

  it("refuses a redirect to a private address, and one to a loopback port the tests did not allow", async () => {
    const counter = await startConnectionCounter("127.0.0.1");
    try {
      const toPrivate = await check(`/redirect-to?to=${encodeURIComponent("http://10.0.0.1/file")}`);
      expect(toPrivate).toMatchObject({ outcome: "failed", error: expect.stringMatching(/^refused: 10\.0\.0\.1 is a private address/) });
      const toLoopback = await check(`/redirect-to?to=${encodeURIComponent(`http://127.0.0.1:${counter.port}/`)}`);
      expect(toLoopback.error).toMatch(/^refused: 127\.0\.0\.1 is a loopback address/);
      expect(counter.connections()).toBe(0);
    } finally {
      await counter.close();
    }
  });
});

describe("the link checker never connects to internal addresses (no test allowance)", () => {
  let counter: Awaited<ReturnType<typeof startConnectionCounter>>;
  beforeAll(async () => {
    // Both stacks where the machine has IPv6, so ::1 and ::ffff:127.0.0.1 would be counted too.
    counter = await startConnectionCounter("::").catch(() => startConnectionCounter("127.0.0.1"));
  });
  afterAll(() => counter.close());

  it("refuses every spelling of loopback and of private, link-local, CGNAT and multicast addresses", async () => {
    const p = counter.port;
    const targets = [
      `http://localhost:${p}/`,
      `http://127.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://127.0.1:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://0x7f.0.0.1:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://017700000001:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://[0:0:0:0:0:ffff:7f00:0001]:${p}/`,
      `http://[::ffff:0:7f00:1]:${p}/`,
      `http://[64:ff9b::7f00:1]:${p}/`,
      `http://[::127.0.0.1]:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://0:${p}/`,
      "http://10.0.0.1/",
      "http://0x0a000001/",
      "http://167772161/",
      "http://172.16.0.1/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://100.64.0.1/",
      "http://224.0.0.1/",
      "http://[fc00::1]/",
      "http://[fe80::1]/",
      "http://[ff02::1]/",
      "http://[64:ff9b::a00:1]/",
      "http://[2002:7f00:1::]/",
    ];
    for (const target of targets) {
      const result = await checkUrl(target, { timeoutMs: 2_000 });
      expect(result, target).toMatchObject({ outcome: "failed", httpStatus: null });
      expect(result.error, target).toMatch(/^refused: /);
      // No setting lets a link check reach an internal address, so none is named (WEBHOOK_ALLOW_PRIVATE is the webhook's).
      expect(result.error, target).not.toMatch(/WEBHOOK_ALLOW_PRIVATE|unless/);
    }
    expect(counter.connections()).toBe(0);
  });

  it("refuses a name that resolves to an internal address, and schemes other than http(s)", async () => {
    const lookup = async () => [{ address: "127.0.0.1", family: 4 }];
    const byName = await checkUrl(`http://files.example:${counter.port}/film.mkv`, { lookup });
    expect(byName.error).toMatch(/^refused: files\.example \(127\.0\.0\.1\) is a loopback address/);
    const mixed = await checkUrl(`http://files.example:${counter.port}/`, {
      lookup: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "10.1.2.3", family: 4 },
      ],
    });
    expect(mixed.error).toMatch(/is a private address/);
    for (const target of [`ftp://127.0.0.1:${counter.port}/`, `file:///etc/passwd`, "gopher://127.0.0.1/"]) {
      expect((await checkUrl(target)).error, target).toMatch(/^refused: .* addresses are not allowed/);
    }
    expect(counter.connections()).toBe(0);
  });

  it("allows a test host only on the ports a test names, and never outside tests", async () => {
    const revoke = allowLoopbackPortsForTests([counter.port + 1 === 65536 ? 1 : counter.port + 1]);
    try {
      expect((await checkUrl(`http://127.0.0.1:${counter.port}/`)).error).toMatch(/^refused: /);
    } finally {
      revoke();
    }
    expect(counter.connections()).toBe(0);
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect(() => allowLoopbackPortsForTests([counter.port])).toThrow(/cannot be allowed in production/);
    } finally {
      process.env.NODE_ENV = env;
    }
  });
});

describe("soft 404 rules", () => {
  it("know the demo catalogue's hosts", () => {
    expect(softNotFound("https://archive.org/details/gone", "<h1>Item cannot be found.</h1>")?.name).toBe("Internet Archive");
    expect(softNotFound("https://commons.wikimedia.org/wiki/File:X.webm", "No file by this name exists.")?.name).toBe("Wikimedia Commons");
    expect(softNotFound("https://archive.org/details/night_of_the_living_dead", "<title>Night of the Living Dead</title>")).toBeNull();
    // A host's rule does not apply elsewhere.
    expect(softNotFound("https://files.example/x", "<p>Item cannot be found.</p>")).toBeNull();
  });

  it("reads Retry-After in seconds or as a date, capped at an hour", () => {
    expect(retryAfter("120")).toBe(120_000);
    expect(retryAfter(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60_000);
    expect(retryAfter("999999")).toBe(3_600_000);
    expect(retryAfter(undefined)).toBe(60_000);
  });
});
