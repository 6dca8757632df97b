import { describe, expect, it } from "vitest";
import { clampPage, compactPages, pageHref, pageRequest, pageWindow, parsePage, totalPagesOf } from "./pagination.ts";

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

describe("parsePage", () => {
  it("accepts positive whole numbers and flags anything else", () => {
    expect(parsePage(null)).toEqual({ page: 1, valid: true });
    expect(parsePage("3")).toEqual({ page: 3, valid: true });
    expect(parsePage("02")).toEqual({ page: 2, valid: true });
    for (const bad of ["0", "-1", "2.5", "abc", "", "1e3", "9999999999", " 2"]) {
      expect(parsePage(bad)).toEqual({ page: 1, valid: false });
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

describe("the paging policy", () => {
  it("has at least one page, also for an empty listing", () => {
    expect(totalPagesOf(0, 20)).toBe(1);
    expect(totalPagesOf(20, 20)).toBe(1);
    expect(totalPagesOf(21, 20)).toBe(2);
  });
  it("reads a requested page as a whole number from 1", () => {
    expect(pageRequest(3, 20)).toEqual({ page: 3, perPage: 20, offset: 40 });
    for (const odd of [undefined, 0, -4, Number.NaN, Number.POSITIVE_INFINITY]) expect(pageRequest(odd, 20).page).toBe(1);
    expect(pageRequest(2.7, 10)).toEqual({ page: 2, perPage: 10, offset: 10 });
  });
  it("shows the last page for a page past the end", () => {
    expect(clampPage(99, 20, 45)).toEqual({ page: 3, perPage: 20, offset: 40, totalPages: 3 });
    expect(clampPage(5, 20, 0)).toEqual({ page: 1, perPage: 20, offset: 0, totalPages: 1 });
    expect(clampPage(2, 20, 45)).toEqual({ page: 2, perPage: 20, offset: 20, totalPages: 3 });
  });
});
