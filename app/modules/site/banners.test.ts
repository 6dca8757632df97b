import { expect, it } from "vitest";
import { BANNERS, dismissedBanners, dismissedBannersCookie } from "./banners.ts";

it("there are the spec's four notices", () => {
  expect(BANNERS.map((b) => b.id)).toEqual(["vpn", "download-button", "report", "queries"]);
});

it("reads dismissed banners from the cookie, ignoring anything unknown", () => {
  expect(dismissedBanners(null)).toEqual([]);
  expect(dismissedBanners("a=1; cinedex_banners=vpn.report.vpn.<script>; b=2")).toEqual(["vpn", "report"]);
  expect(dismissedBanners("cinedex_banners=")).toEqual([]);
});

it("writes a year-long, same-site cookie", () => {
  expect(dismissedBannersCookie(["vpn", "queries", "vpn"], false)).toBe(
    "cinedex_banners=vpn.queries; Path=/; Max-Age=31536000; SameSite=Lax",
  );
  expect(dismissedBannersCookie(["vpn"], true)).toMatch(/; Secure$/);
});
