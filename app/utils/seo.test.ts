import { describe, expect, it } from "vitest";
import { jsonLd, seoMeta } from "./seo.ts";

describe("jsonLd", () => {
  it("cannot end the script element or break out of it", () => {
    const text = jsonLd({ name: "</script><script>alert(1)</script>", note: "a & b \u2028" });
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>", note: "a & b \u2028" });
  });
});

describe("seoMeta", () => {
  it("gives the title, description, canonical URL and social tags", () => {
    const tags = seoMeta("https://cinedex.example", {
      title: "Nosferatu (1922)",
      description: "A vampire film.",
      path: "/movie/1/nosferatu",
      image: "https://img.example/p.jpg",
      type: "video.movie",
    });
    expect(tags).toContainEqual({ title: "Nosferatu (1922) | Cinedex" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://cinedex.example/movie/1/nosferatu" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://img.example/p.jpg" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).not.toContainEqual(expect.objectContaining({ name: "robots" }));
  });
  it("keeps the home page's title plain and can ask not to be indexed", () => {
    const tags = seoMeta("https://cinedex.example", { title: "Cinedex", description: "d", path: "/", noindex: true });
    expect(tags).toContainEqual({ title: "Cinedex" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
  });
});
