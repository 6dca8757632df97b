import { redirect } from "react-router";
import type { Route } from "./+types/moved";
import { requireFound } from "#app/utils/errors.ts";

/**
 * Paths the footer links to that live under another name (docs/product/decisions.md, "Footer
 * links"). Permanent, so search engines and bookmarks move to the real page.
 */
const MOVED_PATHS: Readonly<Record<string, string>> = {
  "/about": "/about-us",
  "/contact": "/contact-us",
  "/privacy": "/privacy-policy",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const target = requireFound(MOVED_PATHS[pathname.toLowerCase()]);
  return redirect(`${target}${url.search}`, 301);
}
