// What the load benchmarks share: the external tools, one wrk run, nginx in the foreground.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Exits with an install hint when a tool is missing. */
export function requireTools(tools: string[]): void {
  for (const tool of tools) {
    if (spawnSync("sh", ["-c", `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0) {
      console.error(`${tool} is missing. On Debian or Ubuntu: apt-get install -y nginx-light wrk`);
      process.exit(1);
    }
  }
}

export const NGINX = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface WrkResult {
  rps: number;
  p50: string;
  p99: string;
  errors: number;
}

/** One wrk run (optionally with a Lua script); errors are socket errors plus answers other than 2xx/3xx. */
export function wrk(
  url: string,
  { connections, duration, script, timeoutSeconds }: { connections: number; duration: number; script?: string; timeoutSeconds?: number },
): WrkResult {
  const args = [
    "-t2",
    `-c${connections}`,
    `-d${duration}s`,
    "--latency",
    // wrk counts an answer slower than its timeout (default 2 s) as an error, and leaves it out of the latencies.
    ...(timeoutSeconds ? ["--timeout", `${timeoutSeconds}s`] : []),
    ...(script ? ["-s", script] : []),
    url,
  ];
  const out = execFileSync("wrk", args, { encoding: "utf8" });
  const percentile = (p: string) => new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "?";
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: percentile("50"),
    p99: percentile("99"),
    errors: non2xx + (socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0),
  };
}

/**
 * Runs nginx in the foreground with `http` holding the inside of its http block
 * (temp folders and logs under `dir`); resolves once `http://127.0.0.1:port/` answers.
 */
export async function startNginx(dir: string, port: number, http: string, children: ChildProcess[]): Promise<void> {
  fs.mkdirSync(path.join(dir, "logs"), { recursive: true });
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  const conf = `${user}worker_processes 1;
error_log ${dir}/logs/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${http}
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  children.push(child);
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      if (child.exitCode !== null || i > 200) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
