import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * Outbound HTTP to an address someone typed (the operator webhook): only http and
 * https, only public addresses unless the operator allows private ones, connected
 * to the very address that was checked (a second DNS answer cannot swap in an
 * internal one), redirects followed by hand and each one checked again, bounded in
 * time and in the bytes read. See ADR 025.
 */

export const SAFE_FETCH_MAX_REDIRECTS = 5;

/** Why a target is refused; `code` lets callers tell a refusal from a network failure. */
export class RefusedTargetError extends Error {
  readonly code = "ETARGETREFUSED";
  constructor(message: string) {
    super(message);
    this.name = "RefusedTargetError";
  }
}

export function isRefusedTarget(error: unknown): error is RefusedTargetError {
  return error instanceof RefusedTargetError;
}

type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface TargetPolicy {
  /** Loopback, private and link-local targets are allowed (never unspecified or multicast). */
  allowPrivate?: boolean;
  /** The setting that allows them (WEBHOOK_ALLOW_PRIVATE), named in refusals; none for targets no setting opens (link checks). */
  privateSetting?: string;
  /** DNS resolution; tests replace it to act out rebinding and many-address answers. */
  lookup?: Lookup;
}

export interface SafeFetchOptions extends TargetPolicy {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  /** At most this much of the final answer's body is read; the rest is dropped. */
  maxBytes: number;
  /** 0: a redirect is returned as the answer, not followed. */
  maxRedirects?: number;
  /** Whether the final answer's body is worth reading, decided from its status and headers (default yes). */
  wantBody?: (status: number, headers: http.IncomingHttpHeaders) => boolean;
  /** Ends the exchange early (as the deadline does), e.g. when the caller shuts down. */
  signal?: AbortSignal;
}

export interface SafeResponse {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  /** The first maxBytes of the body. */
  body: Buffer;
  /** The address that answered, after redirects. */
  url: string;
  redirects: number;
}

// ---- Addresses ---------------------------------------------------------------------

interface Range {
  base: bigint;
  bits: number;
  /** Refused even when private targets are allowed. */
  always: boolean;
  name: string;
}

function v4(text: string): bigint {
  return text.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

function v6(text: string): bigint {
  const [head = "", tail] = text.split("::");
  const parse = (s: string) => (s === "" ? [] : s.split(":"));
  let groups = parse(head);
  let rest = tail === undefined ? [] : parse(tail);
  // A dotted IPv4 tail (::ffff:127.0.0.1) is two groups.
  const expand = (list: string[]) => {
    const last = list.at(-1);
    if (last?.includes(".")) {
      const n = v4(last);
      return [...list.slice(0, -1), (n >> 16n).toString(16), (n & 0xffffn).toString(16)];
    }
    return list;
  };
  groups = expand(groups);
  rest = expand(rest);
  const zeros = tail === undefined ? [] : new Array<string>(8 - groups.length - rest.length).fill("0");
  return [...groups, ...zeros, ...rest].reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

const V4_RANGES: Range[] = [
  { base: v4("0.0.0.0"), bits: 8, always: true, name: "an unspecified address" },
  { base: v4("127.0.0.0"), bits: 8, always: false, name: "a loopback address" },
  { base: v4("10.0.0.0"), bits: 8, always: false, name: "a private address" },
  { base: v4("172.16.0.0"), bits: 12, always: false, name: "a private address" },
  { base: v4("192.168.0.0"), bits: 16, always: false, name: "a private address" },
  { base: v4("100.64.0.0"), bits: 10, always: false, name: "a shared (CGNAT) address" },
  { base: v4("169.254.0.0"), bits: 16, always: false, name: "a link-local address" },
  { base: v4("192.0.0.0"), bits: 24, always: false, name: "a reserved address" },
  { base: v4("192.0.2.0"), bits: 24, always: false, name: "a documentation address" },
  { base: v4("198.18.0.0"), bits: 15, always: false, name: "a reserved address" },
  { base: v4("198.51.100.0"), bits: 24, always: false, name: "a documentation address" },
  { base: v4("203.0.113.0"), bits: 24, always: false, name: "a documentation address" },
  { base: v4("224.0.0.0"), bits: 4, always: true, name: "a multicast address" },
  { base: v4("240.0.0.0"), bits: 4, always: true, name: "a reserved address" },
];

const V6_RANGES: Range[] = [
  { base: v6("::"), bits: 128, always: true, name: "an unspecified address" },
  { base: v6("::1"), bits: 128, always: false, name: "a loopback address" },
  { base: v6("fc00::"), bits: 7, always: false, name: "a private address" },
  { base: v6("fe80::"), bits: 10, always: false, name: "a link-local address" },
  { base: v6("fec0::"), bits: 10, always: false, name: "a private address" },
  { base: v6("ff00::"), bits: 8, always: true, name: "a multicast address" },
  { base: v6("2001:db8::"), bits: 32, always: false, name: "a documentation address" },
  { base: v6("100::"), bits: 64, always: true, name: "a discard address" },
];

/** IPv6 forms that carry an IPv4 address, checked as that address. */
const V4_CARRIERS: { base: bigint; bits: number }[] = [
  { base: v6("::ffff:0:0"), bits: 96 }, // IPv4-mapped
  { base: v6("::ffff:0:0:0"), bits: 96 }, // IPv4-translated (SIIT, RFC 2765)
  { base: v6("::"), bits: 96 }, // IPv4-compatible (deprecated, still routed by some stacks)
  { base: v6("64:ff9b::"), bits: 96 }, // NAT64
  { base: v6("64:ff9b:1::"), bits: 48 }, // local-use NAT64
];

function inRange(n: bigint, width: number, base: bigint, bits: number): boolean {
  const shift = BigInt(width - bits);
  return n >> shift === base >> shift;
}

function v4Refusal(n: bigint, allowPrivate: boolean): string | null {
  const range = V4_RANGES.find((r) => inRange(n, 32, r.base, r.bits));
  return range && (range.always || !allowPrivate) ? range.name : null;
}

/**
 * Why an IP address may not be a target (e.g. "a loopback address"), or null when
 * it may. Every IPv6 form that embeds an IPv4 address is judged by that address.
 */
export function addressRefusal(address: string, allowPrivate = false): string | null {
  const family = net.isIP(address);
  if (family === 4) return v4Refusal(v4(address), allowPrivate);
  if (family !== 6) return "not an IP address";
  const n = v6(address.split("%")[0]!);
  const exact = V6_RANGES.find((r) => r.bits === 128 && r.base === n);
  if (exact) return exact.always || !allowPrivate ? exact.name : null;
  const carrier = V4_CARRIERS.find((c) => inRange(n, 128, c.base, c.bits));
  if (carrier) return v4Refusal(n & 0xffffffffn, allowPrivate);
  // 2002::/16 (6to4) carries an IPv4 address in its next 32 bits.
  if (inRange(n, 128, v6("2002::"), 16)) return v4Refusal((n >> 80n) & 0xffffffffn, allowPrivate);
  const range = V6_RANGES.find((r) => r.bits < 128 && inRange(n, 128, r.base, r.bits));
  return range && (range.always || !allowPrivate) ? range.name : null;
}

// ---- Test hosts ------------------------------------------------------------------

let loopbackPortsForTests: ReadonlySet<number> = new Set();

/**
 * Lets tests and benchmarks reach their own listeners: `127.0.0.1` (the literal,
 * never a name) on exactly these ports. No setting or environment variable leads
 * here, and it throws under NODE_ENV=production, so a deployment cannot turn it on.
 * Returns the function that takes the allowance back.
 */
export function allowLoopbackPortsForTests(ports: number[]): () => void {
  if (process.env.NODE_ENV === "production") throw new Error("loopback test hosts cannot be allowed in production");
  const before = loopbackPortsForTests;
  loopbackPortsForTests = new Set([...before, ...ports]);
  return () => {
    loopbackPortsForTests = before;
  };
}

function isAllowedTestHost(url: URL, address: string): boolean {
  if (loopbackPortsForTests.size === 0 || address !== "127.0.0.1" || url.hostname !== "127.0.0.1") return false;
  return loopbackPortsForTests.has(Number(url.port || (url.protocol === "https:" ? 443 : 80)));
}

// ---- Targets -----------------------------------------------------------------------

const systemLookup: Lookup = async (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Parses and checks a target. The WHATWG URL parser already turns every numeric
 * IPv4 spelling (127.1, 0x7f000001, 2130706433, 0177.0.0.1) into dotted form; a
 * name is resolved and refused when any of its addresses is refused, so a name
 * cannot mix a public and an internal answer.
 */
export async function checkTarget(target: string | URL, policy: TargetPolicy = {}): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new RefusedTargetError("the address is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new RefusedTargetError(`${url.protocol} addresses are not allowed`);
  if (url.username || url.password) throw new RefusedTargetError("addresses with a user name or password are not allowed");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const allowPrivate = policy.allowPrivate ?? false;
  const refuse = (address: string, why: string) =>
    new RefusedTargetError(
      `${url.hostname}${address === host ? "" : ` (${address})`} is ${why}; only public addresses are allowed${
        allowPrivate || !policy.privateSetting ? "" : ` unless the operator sets ${policy.privateSetting}`
      }`,
    );
  const literal = net.isIP(host);
  if (literal !== 0) {
    const why = addressRefusal(host, allowPrivate);
    if (why && !isAllowedTestHost(url, host)) throw refuse(host, why);
    return { url, address: host, family: literal as 4 | 6 };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await (policy.lookup ?? systemLookup)(host);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw Object.assign(new Error(`host not found (${code ?? "DNS"})`), { code: code ?? "ENOTFOUND" });
  }
  if (addresses.length === 0) throw Object.assign(new Error("host not found"), { code: "ENOTFOUND" });
  for (const { address } of addresses) {
    const why = addressRefusal(address, allowPrivate);
    if (why) throw refuse(address, why);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

// ---- Requests ----------------------------------------------------------------------

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One request to a checked address; the socket's lookup answers with that address only. */
function requestOnce(
  target: CheckedTarget,
  options: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    maxBytes: number;
    signal: AbortSignal;
    wantBody?: SafeFetchOptions["wantBody"];
  },
): Promise<Omit<SafeResponse, "url" | "redirects">> {
  const { url, address, family } = target;
  const pinned: net.LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as dns.LookupOptions).all) (callback as (e: null, list: dns.LookupAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = client.request(
      url,
      {
        method: options.method,
        headers: options.body === undefined ? options.headers : { ...options.headers, "Content-Length": Buffer.byteLength(options.body) },
        lookup: pinned,
        // An IP literal skips lookup: connect to the checked address all the same.
        host: address,
        servername: net.isIP(url.hostname.replace(/^\[(.*)\]$/, "$1")) ? undefined : url.hostname,
        signal: options.signal,
        agent: false,
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          resolve({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? "",
            headers: response.headers,
            body: Buffer.concat(chunks).subarray(0, options.maxBytes),
          });
        };
        if (options.maxBytes === 0) return finish();
        if (options.wantBody && !options.wantBody(response.statusCode ?? 0, response.headers)) return finish();
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= options.maxBytes) finish();
        });
        response.on("end", finish);
        // A body cut off part way (a reset, or the deadline during a slow body): what arrived is the answer.
        response.on("error", finish);
        response.on("close", finish);
      },
    );
    request.setHeader("Host", url.host);
    // Once the answer has begun, the response's own events settle it.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.end(options.body);
  });
}

/**
 * fetch for addresses someone else chose. Throws a RefusedTargetError before
 * connecting to a refused target (or a redirect to one), a TimeoutError after
 * timeoutMs, and network errors as Node raises them.
 */
export async function safeFetch(target: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_MAX_REDIRECTS;
  let method = (options.method ?? "GET").toUpperCase();
  let body = options.body;
  let current = target;
  for (let redirects = 0; ; redirects++) {
    const checked = await raceSignal(checkTarget(current, options), signal);
    const response = await requestOnce(checked, {
      method,
      headers: options.headers ?? {},
      body,
      maxBytes: options.maxBytes,
      signal,
      wantBody: options.wantBody,
    });
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location || redirects >= maxRedirects) {
      if (REDIRECTS.has(response.status) && maxRedirects > 0 && redirects >= maxRedirects && location) {
        throw new RefusedTargetError(`more than ${maxRedirects} redirects`);
      }
      return { ...response, url: checked.url.href, redirects };
    }
    current = new URL(location, checked.url).href;
    // As fetch does: 303 (unless HEAD), and 301/302 after a POST, continue as a GET without the body.
    if ((response.status === 303 && method !== "HEAD") || ((response.status === 301 || response.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
    }
  }
}

function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}
