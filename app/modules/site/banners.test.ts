import { expect, it } from "vitest";
import { ALL_BANNERS, BANNERS, bannersToDismiss, dismissedBanners, dismissedBannersCookie } from "./banners.ts";

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

it("a dismiss form names one notice or all of them", () => {
  expect(bannersToDismiss("report")).toEqual(["report"]);
  expect(bannersToDismiss(ALL_BANNERS)).toEqual(["vpn", "download-button", "report", "queries"]);
  expect(bannersToDismiss("nope")).toBeNull();
  expect(bannersToDismiss(null)).toBeNull();
});
