/*
 * Secrets never reach a log line (issue 29): addresses are logged with their
 * secret-looking query values and any API token secret replaced.
 */

/**
 * Query parameters whose values are secrets wherever they appear: tokens put in the
 * address (the API refuses them, but the request was still logged), OAuth's code and
 * state (the Google sign-in callback), passwords and keys.
 */
const SECRET_PARAMS = /^(?:token|access_token|refresh_token|id_token|api_key|apikey|key|secret|password|passwd|code|state|signature|sig)$/i;
/** An API token's secret, wherever in an address it is (ADR 034's `cdx_` tag). */
const TOKEN_SECRET = /cdx_[A-Za-z0-9_-]+/g;
export const REDACTED = "[REDACTED]";

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/**
 * An address fit for a log line: the values of secret-looking query parameters and
 * any API token secret replaced by [REDACTED], the rest as it came (not re-encoded,
 * so the line still shows what was asked).
 */
export function redactUrl(url: string): string {
  const unsecret = url.replace(TOKEN_SECRET, REDACTED);
  const start = unsecret.indexOf("?");
  if (start < 0) return unsecret;
  const hash = unsecret.indexOf("#", start);
  const end = hash < 0 ? unsecret.length : hash;
  const query = unsecret
    .slice(start + 1, end)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAMS.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${unsecret.slice(0, start + 1)}${query}${unsecret.slice(end)}`;
}
