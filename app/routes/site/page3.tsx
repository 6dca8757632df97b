import { data, redirect } from "react-router";
import { getApp } from "#app/context.ts";
import { clickVisitor, followOutlink, outlinkFailure, parseLinkId } from "#app/modules/outlinks/outlinks.server.ts";
import type { Route } from "./+types/page3";

/**
 * The out-link: redirects to the address the catalogue holds for a link id and
 * counts the click (once per visitor and day; robots and prefetches not at all). Any address in the query string is ignored; an unknown,
 * broken link is a 404 page and a removed (disabled) one a 410 page,
 * never a redirect.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clientAddress, sessionSecret } = getApp(context);
  const id = parseLinkId(new URL(request.url).searchParams.get("id"));
  const target = id === null ? null : await followOutlink(db, id, { visitor: clickVisitor(request, clientAddress, sessionSecret) });
  if (!target) {
    // A taken-down link is 410 Gone; unknown and broken ones stay 404.
    const failure = await outlinkFailure(db, id);
    throw data(failure.message, { status: failure.status, headers: { "Cache-Control": "no-store" } });
  }
  return redirect(target, { status: 302, headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" } });
}

export const meta = () => [{ title: "Link not found | Cinedex" }, { name: "robots", content: "noindex" }];

export default function Page3() {
  return null;
}
