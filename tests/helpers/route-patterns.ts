/** An entry of app/routes.ts as the route config gives it. */
export interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every path the route table defines, with parents' paths joined (pattern form). */
export function routePatterns(entries: RouteEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    if (entry.path !== undefined || entry.index) out.push(own);
    if (entry.children) out.push(...routePatterns(entry.children, entry.path ? own : parent));
  }
  return [...new Set(out)];
}
