import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Client modules of the public site (layout, search, shared UI, the listings' cards
 * and carousel, the request buttons, and the browser-safe helpers they use), bundled
 * as one chunk; a title page's own parts (downloads, gallery, seasons) stay with its
 * route. (The quick request is here because its honeypot and messages would
 * otherwise put the title page in the forms chunk, Zod and all.) Left to
 * itself the bundler made ~24 chunks of 1–3 kB for the home page; each is a request,
 * and on HTTP/1.1 (6 connections per host) a slow phone waited for them in rounds
 * (ADR 014). The search results and their filters are left out: the home page draws
 * them only for /?q= and loads them then (routes/site/home.tsx).
 * Form, admin and Zod code stays out: pages without a form don't load it; the forms
 * come as one chunk of their own (FORM_MODULE).
 */
const SITE_MODULE =
  /[\\/]app[\\/](components[\\/](layout|ui)[\\/]|components[\\/]search[\\/]search-box\.|components[\\/]catalogue[\\/](title-card|title-listing|title-grid-skeleton|title-thumb|poster|featured-carousel|genre-explorer|pagination|request-title-button|quick-request)\.|components[\\/]nonce\.|utils[\\/](dates|format|pagination|url|seo|ids|clipboard|http-cache|imdb|slug|committed)\.|modules[\\/][^\\/]+[\\/](paths|images|params|types|display|seasons|structured-data|submission-id)\.|constants\.)/;

/** The visitor forms' client modules (the form kit, validation, the inbox's schemas and Zod), one chunk for a page with a form. */
const FORM_MODULE =
  /[\\/](app[\\/](components[\\/](forms|help)[\\/]|utils[\\/](zod|validation|submission)\.|modules[\\/]inbox[\\/])|node_modules[\\/]zod[\\/])/;

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? // The production server bundle starts at our own Express entry, which imports
      // the router's virtual server build (see server/index.ts).
      { rollupOptions: { input: "./server/index.ts" } }
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React and React Router, which every page needs, in one file.
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
                // The public site's modules first: the forms group would otherwise take the ones it shares with them.
                { name: "public", test: (id: string) => SITE_MODULE.test(id) && !id.includes(".server."), priority: 1 },
                { name: "forms", test: (id: string) => FORM_MODULE.test(id) && !id.includes(".server.") },
              ],
            },
          },
        },
      },
  plugins: [tailwindcss(), reactRouter()],
}));
