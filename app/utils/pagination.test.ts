import { describe, expect, it } from "vitest";
import { compactPages, pageHref, pageWindow, parsePageParam } from "./pagination.ts";

describe("pageWindow", () => {
  it("centres five numbers on the current page", () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });
  it("shifts at the edges instead of shrinking", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
  });
  it("shows every page when there are fewer than five", () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });
  it("clamps a current page outside the range", () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(-3, 7)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("parsePageParam", () => {
  it("accepts positive whole numbers and flags anything else", () => {
    expect(parsePageParam(null)).toEqual({ page: 1, valid: true });
    expect(parsePageParam("3")).toEqual({ page: 3, valid: true });
    for (const bad of ["0", "-1", "2.5", "abc", "", "1e3", "9999999999", " 2"]) {
      expect(parsePageParam(bad)).toEqual({ page: 1, valid: false });
    }
  });
});

describe("pageHref", () => {
  it("sets the page and keeps other parameters; page 1 drops it", () => {
    expect(pageHref("/", "", 2)).toBe("/?page=2");
    expect(pageHref("/", "?page=2", 1)).toBe("/");
    expect(pageHref("/genre/horror", "?type=tv&page=4", 5)).toBe("/genre/horror?type=tv&page=5");
    expect(pageHref("/search", "?q=a%26b&page=3", 1)).toBe("/search?q=a%26b");
  });
});

describe("compactPages", () => {
  it("shows the first, the current ±1 and the last, with gaps", () => {
    expect(compactPages(1, 1)).toEqual([1]);
    expect(compactPages(1, 3)).toEqual([1, 2, 3]);
    expect(compactPages(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(compactPages(1, 10)).toEqual([1, 2, "gap", 10]);
    expect(compactPages(10, 10)).toEqual([1, "gap", 9, 10]);
  });
  it("fills a gap of one page with the page itself", () => {
    expect(compactPages(4, 10)).toEqual([1, 2, 3, 4, 5, "gap", 10]);
  });
  it("clamps a page outside the range", () => {
    expect(compactPages(99, 4)).toEqual([1, 2, 3, 4]);
  });
});
