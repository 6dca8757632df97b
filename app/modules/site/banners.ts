/** The four notices at the top of pages (docs/product/spec.md section 1), each dismissible. */
export const BANNERS = [
  {
    id: "vpn",
    text: "Please don't use a VPN while downloading: many file hosts block VPN connections.",
  },
  {
    id: "download-button",
    text: "To download, open a title and click its Download button, then pick a quality.",
  },
  {
    id: "report",
    text: "Found a link that doesn't work? Report broken links and we'll fix them as soon as possible.",
    link: { href: "/broken-links", label: "Report a broken link" },
  },
  {
    id: "queries",
    text: "Have a question or a request? Send us your queries and we'll get back to you.",
    link: { href: "/contact-us", label: "Contact us" },
  },
] as const;

export type BannerId = (typeof BANNERS)[number]["id"];

export const BANNER_COOKIE = "cinedex_banners";
const ONE_YEAR_S = 365 * 24 * 3600;

export function isBannerId(value: unknown): value is BannerId {
  return BANNERS.some((b) => b.id === value);
}

/** The form value that dismisses every notice at once ("Dismiss all"). */
export const ALL_BANNERS = "all";

/** The notices a dismiss form names: one notice, or all of them; null for anything else. */
export function bannersToDismiss(value: unknown): BannerId[] | null {
  if (value === ALL_BANNERS) return BANNERS.map((b) => b.id);
  return isBannerId(value) ? [value] : null;
}

/** The dismissed banners named in a Cookie header; unknown names are ignored. */
export function dismissedBanners(cookieHeader: string | null): BannerId[] {
  const match = cookieHeader
    ?.split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${BANNER_COOKIE}=`));
  if (!match) return [];
  return [...new Set(match.slice(BANNER_COOKIE.length + 1).split("."))].filter(isBannerId);
}

/** Set-Cookie value remembering the dismissed banners for a year. */
export function dismissedBannersCookie(ids: BannerId[], secure: boolean): string {
  return `${BANNER_COOKIE}=${[...new Set(ids)].join(".")}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
