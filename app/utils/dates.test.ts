import { describe, expect, it } from "vitest";
import { formatReleaseDate, formatRuntime, isLatestRelease } from "./dates.ts";

describe("isLatestRelease", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  it("is true for releases within the last 30 days", () => {
    expect(isLatestRelease("2026-11-21", now)).toBe(true);
    expect(isLatestRelease("2026-10-23", now)).toBe(true);
  });
  it("is false for older, future, missing or broken dates", () => {
    expect(isLatestRelease("2026-10-21", now)).toBe(false);
    expect(isLatestRelease("2026-12-01", now)).toBe(false);
    expect(isLatestRelease(null, now)).toBe(false);
    expect(isLatestRelease("not a date", now)).toBe(false);
  });
});

describe("formatting", () => {
  it("shows dates the en-US way without shifting the day", () => {
    expect(formatReleaseDate("1968-10-01")).toBe("October 1, 1968");
  });
  it("shows runtimes in hours and minutes", () => {
    expect(formatRuntime(96)).toBe("1h 36m");
    expect(formatRuntime(45)).toBe("45m");
    expect(formatRuntime(null)).toBeNull();
    expect(formatRuntime(0)).toBeNull();
  });
});
