import { expect, it } from "vitest";
import { ROBOTS_DISALLOW, robotsTxt } from "./robots.ts";

it("lets crawlers in, keeps them out of private paths and names the sitemap", () => {
  const text = robotsTxt("https://cinedex.example");
  const lines = text.split("\n");
  expect(lines[0]).toBe("User-agent: *");
  expect(lines).toContain("Allow: /");
  for (const path of ["/middleman", "/page3", "/desksync/", "/watchlist", "/admin", "/dashboard", "/add", "/login", "/login-success"]) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
  expect(lines.filter((l) => l.startsWith("Disallow:"))).toHaveLength(ROBOTS_DISALLOW.length);
  expect(text.trimEnd().split("\n").at(-1)).toBe("Sitemap: https://cinedex.example/sitemap.xml");
  expect(text.endsWith("\n")).toBe(true);
});

it("does not double the slash after an origin that ends with one", () => {
  expect(robotsTxt("http://localhost:3000/")).toContain("Sitemap: http://localhost:3000/sitemap.xml\n");
});
