import zlib from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";

// What the browser downloads before a page is interactive, read from the production
// build as a visitor gets it: every modulepreloaded script and stylesheet, gzipped.

/**
 * The home page's JavaScript, gzip level 9. Issue 15 asks for 100 kB, which React 19
 * and React Router 7 alone exceed (110 kB as the one framework chunk); this bound
 * keeps what was won (159 kB before, 134 kB now) and fails when a page grows back.
 * The route manifest every page loads grows a little with each route.
 */
const HOME_JS_BUDGET = 133 * 1024;
const CSS_BUDGET = 15 * 1024;

async function gzipSize(request: APIRequestContext, href: string): Promise<{ bytes: number; text: string }> {
  const body = await (await request.get(href)).body();
  return { bytes: zlib.gzipSync(body, { level: 9 }).length, text: body.toString("utf8") };
}

async function pageWeight(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<link [^>]*rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  const js = await Promise.all(scripts.map(async (href) => ({ href, ...(await gzipSize(request, href)) })));
  const css = await Promise.all(styles.map((href) => gzipSize(request, href)));
  return { scripts: js, js: js.reduce((sum, s) => sum + s.bytes, 0), css: css.reduce((sum, s) => sum + s.bytes, 0) };
}

/** Zod's own error class, which survives minification: a chunk holding it is the validation library. */
const isZod = (text: string) => text.includes("ZodError");

test("the home page's scripts stay within budget and carry no form validation code", async ({ request }) => {
  const { scripts, js, css } = await pageWeight(request, "/");
  expect(scripts.length).toBeGreaterThan(0);
  // Each script is a request, and on HTTP/1.1 a phone fetches six at a time: the site's
  // modules come bundled (vite.config.ts), not as the two dozen files they once were.
  expect(scripts.length, scripts.map((s) => s.href).join(", ")).toBeLessThanOrEqual(8);
  expect(scripts.filter((s) => isZod(s.text)).map((s) => s.href)).toEqual([]);
  expect(js, `home page JS ${(js / 1024).toFixed(1)} kB gzip`).toBeLessThanOrEqual(HOME_JS_BUDGET);
  expect(css).toBeGreaterThan(0);
  expect(css).toBeLessThanOrEqual(CSS_BUDGET);
});

test("genre, search and title pages load no form validation code either; a page with a form does", async ({ request }) => {
  // The quick request on a title page and search's "Request" buttons post to the server, which validates them.
  for (const path of ["/genre/horror", "/genre/horror/movie", "/search?q=night", "/movie/1/nosferatu"]) {
    const { scripts, css } = await pageWeight(request, path);
    expect(
      scripts.filter((s) => isZod(s.text)).map((s) => s.href),
      path,
    ).toEqual([]);
    expect(css, path).toBeLessThanOrEqual(CSS_BUDGET);
  }
  // The checks above would pass vacuously if Zod were renamed or inlined: a form page still finds it.
  const { scripts } = await pageWeight(request, "/contact-us");
  expect(scripts.some((s) => isZod(s.text))).toBe(true);
  // The form kit and its validation come as one more script, not nine.
  expect(scripts.length, scripts.map((s) => s.href).join(", ")).toBeLessThanOrEqual(8);
});
