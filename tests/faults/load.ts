/** Pages, misses, searches and suggestions, each address different (query strings and paths a client chooses). */
export function distinctUrl(i: number): string {
  return [`/search?q=film${i}`, `/no-such-page-${i}`, `/movie/${i}/x`, `/api/suggest?q=s${i}`, `/api/suggest?q=n${i}`][i % 5]!;
}

/** Resident set size of a process, in KB (Linux). */
export async function rssKb(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)![1]);
}
