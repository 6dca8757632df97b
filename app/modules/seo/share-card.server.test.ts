import zlib from "node:zlib";
import { expect, it } from "vitest";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { renderShareCard, SHARE_CARD, titleShareCard } from "./share-card.server.ts";

/** Width, height and the decoded RGB rows of an 8-bit RGB PNG. */
function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString("ascii", at + 4, at + 8) === "IDAT") chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return { width, height, raw: zlib.inflateSync(Buffer.concat(chunks)) };
}

it("draws a 1200×630 PNG with the title in white on the title's colours", () => {
  const png = renderShareCard({ title: "Metropolis", year: 1927, type: "movie", siteName: "Cinedex", hue: 200 });
  const { width, height, raw } = decode(png);
  expect([width, height]).toEqual([SHARE_CARD.width, SHARE_CARD.height]);
  expect(raw.length).toBe(height * (width * 3 + 1));
  // Some pixels are (near) white text; the corners are dark background.
  let white = 0;
  for (let i = 0; i < raw.length - 2; i += 3) if (raw[i]! > 245 && raw[i + 1]! > 245 && raw[i + 2]! > 245) white++;
  expect(white).toBeGreaterThan(2_000);
  expect(raw[1]!).toBeLessThan(60);
});

it("the same title gives the same card; long names and other scripts still fit", () => {
  const input = { title: "The Passion of Joan of Arc", year: 1928, type: "movie" as const, siteName: "Cinedex", hue: 10 };
  expect(renderShareCard(input).equals(renderShareCard(input))).toBe(true);
  for (const title of ["x".repeat(300), "Пётр Первый", "Ἰλιάς", "七人の侍"]) {
    expect(decode(renderShareCard({ ...input, title })).width).toBe(1200);
  }
});

describeEachDatabase("share cards of catalogue titles", (ctx) => {
  it("renders a card for a title and nothing for a missing one", async () => {
    const title = await createTitle(ctx.db, buildMovie({ title: "Card Film" }));
    expect(decode((await titleShareCard(ctx.db, title.id, "Cinedex"))!).height).toBe(630);
    expect(await titleShareCard(ctx.db, title.id + 1000, "Cinedex")).toBeNull();
    expect(await titleShareCard(ctx.db, -1, "Cinedex")).toBeNull();
  });
});
