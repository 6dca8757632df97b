import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import {
  clickVisitor,
  countClicks,
  followOutlink,
  getOutlink,
  LINK_NOT_FOUND,
  LINK_REMOVED,
  outlinkFailure,
  parseLinkId,
  pruneClickVisitors,
} from "./outlinks.server.ts";

it("parseLinkId accepts plain positive numbers only", () => {
  expect(parseLinkId("42")).toBe(42);
  for (const bad of [null, "", "0", "-1", "01", "1.5", "1e3", "42abc", "https://evil.example", "//evil.example", "99999999999"]) {
    expect(parseLinkId(bad)).toBeNull();
  }
});

describe("clickVisitor", () => {
  const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
  const visit = (headers: Record<string, string>, address = "203.0.113.9", now = new Date("2026-11-25T10:00:00Z")) =>
    clickVisitor(new Request("http://localhost/page3?id=1", { headers }), address, "secret-secret-secret-secret-secret", now);

  it("is the same for one browser on one day, and changes with the day, the address or the browser", () => {
    const first = visit({ "User-Agent": browser });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(visit({ "User-Agent": browser }, "203.0.113.9", new Date("2026-11-25T23:59:00Z"))).toBe(first);
    expect(visit({ "User-Agent": browser }, "203.0.113.9", new Date("2026-11-26T00:00:01Z"))).not.toBe(first);
    expect(visit({ "User-Agent": browser }, "203.0.113.10")).not.toBe(first);
    expect(visit({ "User-Agent": `${browser} Edg/130` })).not.toBe(first);
    expect(first).not.toContain("203.0.113.9");
  });

  it("does not count robots, requests without a browser, or prefetches", () => {
    expect(visit({ "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).toBeNull();
    expect(visit({ "User-Agent": "curl/8.5.0" })).toBeNull();
    expect(visit({})).toBeNull();
    expect(visit({ "User-Agent": browser, "Sec-Purpose": "prefetch;prerender" })).toBeNull();
    expect(visit({ "User-Agent": browser, Purpose: "prefetch" })).toBeNull();
    expect(visit({ "User-Agent": browser, "X-Moz": "prefetch" })).toBeNull();
  });
});

describeEachDatabase("out-links", (ctx) => {
  it("describe a link with its title, release and file, showing only the host", async () => {
    const movie = await createTitle(ctx.db, buildMovie({ title: "Detour" }));
    const link = movie.releases[0]!.files[0]!.links[1]!;
    expect(await getOutlink(ctx.db, link.id)).toEqual({
      id: link.id,
      kind: "file",
      label: "gdrive",
      host: "gdrive.example",
      size: null,
      status: "ok",
      title: { id: movie.id, type: "movie", slug: "detour", title: "Detour" },
      release: { id: movie.releases[0]!.id, quality: "720p", season: null, key: "720p" },
      fileTitle: "Night of the Test 720p",
    });
    const show = await createTitle(ctx.db, buildSeries());
    expect(await getOutlink(ctx.db, show.releases[0]!.zipLinks[0]!.id)).toMatchObject({ kind: "zip", fileTitle: null, size: "1.1 GB" });
  });

  it("send visitors only to stored addresses of links that work, and count each click per day", async () => {
    const movie = await createTitle(
      ctx.db,
      buildMovie({
        releases: [
          {
            quality: "720p",
            files: [
              {
                title: "F",
                links: [
                  { label: "ok", url: "https://ok.example/file" },
                  { label: "broken", url: "https://broken.example/file", status: "broken" },
                  { label: "gone", url: "https://gone.example/file", status: "disabled" },
                ],
              },
            ],
          },
        ],
      }),
    );
    const [ok, broken, gone] = movie.releases[0]!.files[0]!.links;
    const day1 = new Date("2026-11-20T23:59:00Z");
    const day2 = new Date("2026-11-21T00:01:00Z");
    const follow = (visitor: string | null, now: Date) => followOutlink(ctx.db, ok!.id, { visitor, now });
    expect(await follow("ann", day1)).toBe("https://ok.example/file");
    expect(await follow("ann", day2)).toBe("https://ok.example/file");
    // The same visitor again that day, and a request that should not count: followed, not counted.
    expect(await follow("ann", day2)).toBe("https://ok.example/file");
    expect(await follow(null, day2)).toBe("https://ok.example/file");
    expect(await follow("bo", day2)).toBe("https://ok.example/file");
    expect(await countClicks(ctx.db, ok!.id)).toBe(3);
    expect(await countClicks(ctx.db, ok!.id, "2026-11-21")).toBe(2);
    // The hashes are forgotten after the day; the counts stay.
    expect(await pruneClickVisitors(ctx.db, "2026-11-21")).toBe(1);
    expect(await countClicks(ctx.db, ok!.id)).toBe(3);

    expect(await followOutlink(ctx.db, broken!.id)).toBeNull();
    expect(await followOutlink(ctx.db, gone!.id)).toBeNull();
    expect(await followOutlink(ctx.db, 987_654)).toBeNull();
    expect(await countClicks(ctx.db, broken!.id)).toBe(0);

    expect((await getOutlink(ctx.db, broken!.id))?.status).toBe("broken");
    expect(await getOutlink(ctx.db, gone!.id)).toBeNull();

    // A disabled (taken-down) link is 410 Gone; unknown and broken ones stay 404.
    expect(await outlinkFailure(ctx.db, gone!.id)).toEqual({ status: 410, message: LINK_REMOVED });
    expect(await outlinkFailure(ctx.db, broken!.id)).toEqual({ status: 404, message: LINK_NOT_FOUND });
    expect(await outlinkFailure(ctx.db, 987_654)).toEqual({ status: 404, message: LINK_NOT_FOUND });
    expect(await outlinkFailure(ctx.db, null)).toEqual({ status: 404, message: LINK_NOT_FOUND });
  });
});
