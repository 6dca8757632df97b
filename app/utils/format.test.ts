import { describe, expect, it } from "vitest";
import { exactTime, formatCount, formatDuration, percentOf, plural, relativeTime } from "./format.ts";

const NOW = Date.parse("2026-03-31T15:00:00Z");

describe("relativeTime", () => {
  it("says how long ago in the largest whole unit", () => {
    expect(relativeTime("2026-03-31T14:59:30Z", NOW)).toBe("just now");
    expect(relativeTime("2026-03-31T14:59:00Z", NOW)).toBe("1 minute ago");
    expect(relativeTime("2026-03-31T14:55:00Z", NOW)).toBe("5 minutes ago");
    expect(relativeTime("2026-03-31T12:10:00Z", NOW)).toBe("2 hours ago");
    expect(relativeTime("2026-03-29T15:00:00Z", NOW)).toBe("2 days ago");
    expect(relativeTime("2026-03-10T15:00:00Z", NOW)).toBe("3 weeks ago");
    expect(relativeTime("2025-03-01T15:00:00Z", NOW)).toBe("1 year ago");
    expect(relativeTime("2026-03-31T15:10:00Z", NOW)).toBe("in 10 minutes");
    expect(relativeTime("not a date", NOW)).toBe("");
  });
});

describe("formatting", () => {
  it("shows exact times in UTC", () => {
    expect(exactTime("2026-03-31T15:04:59.123Z")).toBe("2026-03-31 15:04 UTC");
  });
  it("formats durations, counts and percentages", () => {
    expect(formatDuration(95)).toBe("1h 35m");
    expect(formatDuration(45)).toBe("45m");
    expect(formatDuration(120)).toBe("2h 0m");
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(0)).toBe("—");
    expect(formatCount(12345)).toBe("12,345");
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(0, 0)).toBe(0);
    expect(plural(1, "season")).toBe("1 season");
    expect(plural(3, "season")).toBe("3 seasons");
  });
});
