/**
 * Hosts that answer a missing file with a normal 200 page. Each rule names the
 * hosts it applies to and the text of their "not found" page; a rule for a new host
 * is one more entry (or the checker's `softNotFoundRules` option). The patterns are
 * matched against the first bytes of an HTML answer only.
 */
export interface SoftNotFoundRule {
  name: string;
  /** Matched against the final URL's host name. */
  host: RegExp;
  /** Optional: only these paths of the host. */
  path?: RegExp;
  patterns: RegExp[];
}

export const SOFT_NOT_FOUND_RULES: readonly SoftNotFoundRule[] = [
  {
    // archive.org/details/<missing> and /download/<missing> answer an error page.
    name: "Internet Archive",
    host: /(^|\.)archive\.org$/i,
    patterns: [
      /Item cannot be found/i,
      /This item is no longer available/i,
      /The item is not available due to issues with the item's content/i,
      /<title>\s*Internet Archive:\s*Error\s*<\/title>/i,
    ],
  },
  {
    // A deleted or never-uploaded file page on Commons.
    name: "Wikimedia Commons",
    host: /(^|\.)wikimedia\.org$/i,
    patterns: [/No file by this name exists/i, /There is currently no text in this page/i, /This file has been deleted/i],
  },
  {
    // The common generic page: a title that says so.
    name: 'a "not found" page',
    host: /./,
    patterns: [
      /<title>[^<]{0,80}\b(404|not found|file not found|page not found|file (is )?unavailable|file (has been )?(deleted|removed))\b[^<]{0,80}<\/title>/i,
    ],
  },
];

/** The rule whose "not found" page this is, or null. */
export function softNotFound(
  url: string,
  body: string,
  rules: readonly SoftNotFoundRule[] = SOFT_NOT_FOUND_RULES,
): SoftNotFoundRule | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return (
    rules.find(
      (rule) =>
        rule.host.test(parsed.hostname) && (!rule.path || rule.path.test(parsed.pathname)) && rule.patterns.some((p) => p.test(body)),
    ) ?? null
  );
}
