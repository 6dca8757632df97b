import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Cinedex";

export interface SeoInput {
  /** Page title without the site name; the site name is appended. */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. /movie/1/nosferatu. */
  path: string;
  image?: string | null;
  type?: "website" | "video.movie" | "video.tv_show" | "article";
  /** Pages that should not be indexed (interstitials, personal lists). */
  noindex?: boolean;
}

/** Root loader data as seen from a route's meta function. */
interface RootMatch {
  id: string;
  loaderData?: unknown;
}

/** The site's public origin, from the root loader, for absolute URLs. */
export function originOf(matches: ReadonlyArray<RootMatch | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

/** Title, description, canonical link, Open Graph and Twitter tags for a page. */
export function seoMeta(origin: string, input: SeoInput): MetaDescriptor[] {
  const url = origin ? new URL(input.path, origin).toString() : input.path;
  const title = input.title === SITE_NAME ? SITE_NAME : `${input.title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
  ];
  if (input.image) {
    tags.push({ property: "og:image", content: input.image }, { name: "twitter:image", content: input.image });
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/**
 * JSON for a <script type="application/ld+json"> block: characters that could end
 * the script element or break a JavaScript string are escaped.
 */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
