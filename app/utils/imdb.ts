/** An IMDb title id (tt0133093), or null. */
export function validImdbId(value: unknown): string | null {
  return typeof value === "string" && /^tt\d{7,10}$/.test(value) ? value : null;
}

/**
 * The IMDb id of an IMDb title address (https://www.imdb.com/title/tt0133093/, the
 * mobile site, a language prefix such as /de/), else null. Only imdb.com itself counts.
 */
export function imdbIdFromUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!/^((www|m)\.)?imdb\.com$/i.test(url.hostname)) return null;
  const match = /^\/(?:[a-z]{2}\/)?title\/(tt\d{7,10})(?:\/|$)/.exec(url.pathname);
  return match ? match[1]! : null;
}
