import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressRefusal, checkTarget, isRefusedTarget, safeFetch } from "./safe-fetch.server.ts";

describe("addressRefusal", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.255.254", "a loopback address"],
    ["10.1.2.3", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["169.254.169.254", "a link-local address"],
    ["100.64.0.1", "a shared (CGNAT) address"],
    ["100.127.255.255", "a shared (CGNAT) address"],
    ["0.0.0.0", "an unspecified address"],
    ["224.0.0.1", "a multicast address"],
    ["255.255.255.255", "a reserved address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fe80::1", "a link-local address"],
    ["fc00::1", "a private address"],
    ["fd12:3456::1", "a private address"],
    ["ff02::1", "a multicast address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    // IPv4-translated (::ffff:0:0:0/96): the same loopback, once let through to connect().
    ["::ffff:0:7f00:1", "a loopback address"],
    ["::ffff:0:a00:1", "a private address"],
    ["::ffff:0:127.0.0.1", "a loopback address"],
    ["64:ff9b::192.168.1.1", "a private address"],
    ["::ffff:a9fe:a9fe", "a link-local address"],
    ["::127.0.0.1", "a loopback address"],
    ["64:ff9b::7f00:1", "a loopback address"],
    ["64:ff9b::a00:1", "a private address"],
    ["2002:7f00:1::", "a loopback address"],
    ["2002:a9fe:a9fe::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
  ])("refuses %s as %s", (address, why) => {
    expect(addressRefusal(address)).toBe(why);
  });

  it.each([
    "8.8.8.8",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.1",
    "172.32.0.1",
    "172.15.255.255",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
  ])("allows the public address %s", (address) => {
    expect(addressRefusal(address)).toBeNull();
  });

  it("allows private, loopback and link-local targets when the operator says so, never unspecified or multicast", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "169.254.169.254", "100.64.0.1", "::1", "::ffff:127.0.0.1", "fd00::1"]) {
      expect(addressRefusal(address, true)).toBeNull();
    }
    for (const address of ["0.0.0.0", "::", "224.0.0.1", "ff02::1", "::ffff:0.0.0.0"]) expect(addressRefusal(address, true)).not.toBeNull();
  });
});

describe("checkTarget", () => {
  const noDns = () => Promise.reject(Object.assign(new Error("no DNS in this test"), { code: "ENOTFOUND" }));

  it.each([
    "http://127.0.0.1/hook",
    "http://127.1/hook",
    "http://0x7f000001/hook",
    "http://2130706433/hook",
    "http://0177.0.0.1/hook",
    "http://0x7f.0.0.1/hook",
    "http://017700000001/hook",
    "http://127.0.0.1.:8080/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:7f00:1]/hook",
    "http://[::ffff:0:7f00:1]/hook",
    "http://[::1]:3000/hook",
    "http://[0:0:0:0:0:0:0:1]/hook",
    "http://0.0.0.0/hook",
    "http://0/hook",
    "https://169.254.169.254/latest/meta-data/",
    "http://[fe80::1]/",
    "http://100.64.0.1/",
    "http://10.0.0.1/",
    "http://192.168.0.1/",
    "http://172.16.0.1/",
    "http://224.0.0.1/",
  ])("refuses %s in any spelling, before any DNS", async (url) => {
    const error: unknown = await checkTarget(url, { lookup: noDns, privateSetting: "WEBHOOK_ALLOW_PRIVATE" }).catch((e: unknown) => e);
    expect(isRefusedTarget(error)).toBe(true);
    expect(String((error as Error).message)).toMatch(/only public addresses are allowed unless the operator sets WEBHOOK_ALLOW_PRIVATE$/);
    // A target no setting opens (a link check) names none.
    const unopened: unknown = await checkTarget(url, { lookup: noDns }).catch((e: unknown) => e);
    expect(String((unopened as Error).message)).toMatch(/only public addresses are allowed$/);
  });

  it.each([
    "ftp://example.com/",
    "file:///etc/passwd",
    "gopher://example.com/",
    "javascript:alert(1)",
    "not a url",
    "https://user:pw@example.com/",
  ])("refuses %s", async (url) => {
    expect(isRefusedTarget(await checkTarget(url, { lookup: noDns }).catch((e: unknown) => e))).toBe(true);
  });

  it("refuses a name when any of its addresses is internal, and names the address", async () => {
    const lookup = () =>
      Promise.resolve([
        { address: "93.184.216.34", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ]);
    await expect(checkTarget("https://hooks.example/x", { lookup, privateSetting: "WEBHOOK_ALLOW_PRIVATE" })).rejects.toThrow(
      "hooks.example (127.0.0.1) is a loopback address; only public addresses are allowed unless the operator sets WEBHOOK_ALLOW_PRIVATE",
    );
    await expect(checkTarget("http://localhost/", { lookup: () => Promise.resolve([{ address: "::1", family: 6 }]) })).rejects.toThrow(
      /is a loopback address/,
    );
  });

  it("accepts a public name and returns the address to connect to", async () => {
    const lookup = () => Promise.resolve([{ address: "93.184.216.34", family: 4 }]);
    expect(await checkTarget("https://hooks.example/x", { lookup })).toMatchObject({ address: "93.184.216.34", family: 4 });
  });

  it("says when a host does not resolve", async () => {
    await expect(checkTarget("https://nowhere.invalid/", { lookup: noDns })).rejects.toMatchObject({ code: "ENOTFOUND" });
  });
});

describe("safeFetch", () => {
  const hits: { path: string; host: string | undefined; method: string }[] = [];
  const server = http.createServer((req, res) => {
    hits.push({ path: req.url ?? "", host: req.headers.host, method: req.method ?? "" });
    const path = req.url ?? "/";
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) res.writeHead(302, { Location: Number(hop[1]) > 0 ? `/hop/${Number(hop[1]) - 1}` : "/done" }).end();
    else if (path === "/to-multicast") res.writeHead(307, { Location: "http://224.0.0.1/x" }).end();
    else if (path === "/to-ftp") res.writeHead(301, { Location: "ftp://example.com/" }).end();
    else if (path === "/to-name") res.writeHead(308, { Location: `http://rebind.test:${port}/done` }).end();
    else if (path === "/big") res.writeHead(200).end("x".repeat(1_000_000));
    else if (path === "/hang") return;
    else res.writeHead(200, { "Content-Type": "text/plain" }).end("done");
  });
  let port = 0;
  let base = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const options = { timeoutMs: 2_000, maxBytes: 1_000, allowPrivate: true };

  it("refuses the loopback receiver unless private targets are allowed, without connecting", async () => {
    hits.length = 0;
    const error: unknown = await safeFetch(`${base}/done`, { ...options, allowPrivate: false }).catch((e: unknown) => e);
    expect(isRefusedTarget(error)).toBe(true);
    expect(hits).toEqual([]);
    expect((await safeFetch(`${base}/done`, options)).body.toString()).toBe("done");
  });

  it("follows up to five redirects by hand, refuses a sixth, and checks every hop", async () => {
    hits.length = 0;
    const answer = await safeFetch(`${base}/hop/4`, options);
    expect(answer).toMatchObject({ status: 200, redirects: 5, url: `${base}/done` });
    await expect(safeFetch(`${base}/hop/5`, options)).rejects.toThrow("more than 5 redirects");
    await expect(safeFetch(`${base}/to-multicast`, options)).rejects.toThrow(/224\.0\.0\.1 is a multicast address/);
    await expect(safeFetch(`${base}/to-ftp`, options)).rejects.toThrow("ftp: addresses are not allowed");
    expect(hits.map((h) => h.path)).not.toContain("/x");
  });

  it("returns a redirect unfollowed when asked to, and turns a redirected POST into a GET as fetch does", async () => {
    expect(await safeFetch(`${base}/hop/0`, { ...options, maxRedirects: 0 })).toMatchObject({ status: 302, redirects: 0 });
    hits.length = 0;
    await safeFetch(`${base}/hop/0`, { ...options, method: "POST", body: "{}" });
    expect(hits.map((h) => h.method)).toEqual(["POST", "GET"]);
  });

  it("connects to the address it checked: a name resolved once per hop, sent as the Host", async () => {
    let lookups = 0;
    // A rebinding name: the first answer is allowed, every later one would not be.
    const lookup = () => {
      lookups++;
      return Promise.resolve([{ address: lookups === 1 ? "127.0.0.1" : "224.0.0.1", family: 4 }]);
    };
    hits.length = 0;
    const answer = await safeFetch(`http://rebind.test:${port}/done`, { ...options, lookup });
    expect(answer.status).toBe(200);
    expect(lookups).toBe(1);
    expect(hits).toEqual([{ path: "/done", host: `rebind.test:${port}`, method: "GET" }]);
    // The next hop resolves again and meets the refused answer.
    lookups = 0;
    await expect(safeFetch(`http://rebind.test:${port}/to-name`, { ...options, lookup })).rejects.toThrow(/multicast/);
    expect(lookups).toBe(2);
  });

  it("reads at most maxBytes of an answer and gives up after timeoutMs", async () => {
    const big = await safeFetch(`${base}/big`, { ...options, maxBytes: 300 });
    expect(big.body.length).toBe(300);
    const started = Date.now();
    const error: unknown = await safeFetch(`${base}/hang`, { ...options, timeoutMs: 200 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect((error as Error).name).toMatch(/TimeoutError|AbortError/);
  });
});
