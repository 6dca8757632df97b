import { expect, it } from "vitest";
import { safeLocalPath } from "./redirect.ts";

it("keeps paths on this site and refuses everything that leaves it", () => {
  expect(safeLocalPath("/movie/1/x?page=2#downloads")).toBe("/movie/1/x?page=2#downloads");
  expect(safeLocalPath("/")).toBe("/");
  for (const bad of [
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    null,
    42,
    "/\t/evil.example",
  ]) {
    expect(safeLocalPath(bad)).toBe("/");
  }
  expect(safeLocalPath("//evil.example", "/faq")).toBe("/faq");
});
