// robots.txt (RFC 9309): crawlers may visit the public site but not the
// interstitials, personal lists, admin area or Google Drive dashboard.

/** Path prefixes crawlers are asked to stay out of. */
export const ROBOTS_DISALLOW = [
  "/middleman",
  "/page3",
  "/desksync/",
  "/watchlist",
  "/admin",
  "/dashboard",
  "/add",
  "/login",
  "/login-success",
] as const;

/** The text of /robots.txt, pointing crawlers at the sitemap under this origin. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin.replace(/\/+$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}
