import { describe, expect, it } from "vitest";
import { backdropUrl, imageSources, sharePosterUrl } from "./images.ts";

const TMDB = "https://image.tmdb.org/t/p";

describe("imageSources", () => {
  it("offers a TMDB poster in w185, w342 and w500, whatever size was stored", () => {
    for (const stored of [`${TMDB}/w500/abc.jpg`, `${TMDB}/original/abc.jpg`, `${TMDB}/w92/abc.jpg`]) {
      expect(imageSources(stored, "poster")).toEqual({
        src: `${TMDB}/w342/abc.jpg`,
        srcSet: `${TMDB}/w185/abc.jpg 185w, ${TMDB}/w342/abc.jpg 342w, ${TMDB}/w500/abc.jpg 500w`,
      });
    }
  });

  it("serves TMDB backdrops at w1280 (w780 for narrow screens), never original", () => {
    expect(imageSources(`${TMDB}/original/bg.jpg`, "backdrop")).toEqual({
      src: `${TMDB}/w1280/bg.jpg`,
      srcSet: `${TMDB}/w780/bg.jpg 780w, ${TMDB}/w1280/bg.jpg 1280w`,
    });
    expect(backdropUrl(`${TMDB}/original/bg.jpg`)).toBe(`${TMDB}/w1280/bg.jpg`);
  });

  it("works for a TMDB image base other than the default (a mirror or a test server)", () => {
    expect(imageSources("http://127.0.0.1:9000/t/p/w500/x.png", "poster").src).toBe("http://127.0.0.1:9000/t/p/w342/x.png");
  });

  it("uses any other address as it is", () => {
    for (const url of ["https://archive.org/services/img/Metropolis_1927", "https://example.com/t/p/poster.jpg", "/local.jpg"]) {
      expect(imageSources(url, "poster")).toEqual({ src: url });
      expect(backdropUrl(url)).toBe(url);
    }
  });
});

describe("sharePosterUrl", () => {
  it("is a TMDB poster at w500, and nothing for images of unknown size", () => {
    expect(sharePosterUrl(`${TMDB}/w185/abc.jpg`)).toBe(`${TMDB}/w500/abc.jpg`);
    expect(sharePosterUrl("https://archive.org/services/img/Metropolis_1927")).toBeNull();
    expect(sharePosterUrl(null)).toBeNull();
  });
});
