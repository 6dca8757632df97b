import fs from "node:fs";
import { createRequire } from "node:module";
import opentype from "opentype.js";
import type { Db } from "#app/db/client.server.ts";
import { titleHue } from "#app/modules/catalogue/images.ts";
import { shareCardTitle } from "#app/modules/catalogue/seo-titles.server.ts";
import { flattenPath, Raster, roundedRect } from "./png.server.ts";

/**
 * The share card: a 1200×630 PNG (the size Open Graph and X cards ask for) with a
 * title's name, year and kind and the site's name, in the colours of the title's
 * generated poster. Social sites show a picture for every shared title, also for
 * titles without a poster large enough to share. Drawn in JavaScript with the
 * Inter font (see docs/decisions/017-artwork-and-share-cards.md).
 */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

const require = createRequire(import.meta.url);
type Font = opentype.Font;
let fonts: { bold: Font[]; regular: Font[] } | null = null;

/** Inter's subsets, in the order glyphs are looked up: a character missing from one comes from the next. */
const SUBSETS = ["latin", "latin-ext", "cyrillic", "greek", "vietnamese"];

function loadFonts() {
  if (fonts) return fonts;
  const load = (weight: number) =>
    SUBSETS.map((subset) => {
      const file = require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`);
      const bytes = fs.readFileSync(file);
      return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    });
  fonts = { bold: load(700), regular: load(400) };
  return fonts;
}

interface Placed {
  font: Font;
  glyph: opentype.Glyph;
  x: number;
}

/** Lays out one line of text from the first font of the list that has each character. */
function layout(text: string, list: Font[], size: number): { glyphs: Placed[]; width: number } {
  const glyphs: Placed[] = [];
  let x = 0;
  let previous: Placed | null = null;
  for (const char of text) {
    const font = list.find((f) => f.charToGlyphIndex(char) > 0) ?? list[0]!;
    const glyph = font.charToGlyph(char);
    const scale = size / font.unitsPerEm;
    if (previous && previous.font === font) x += font.getKerningValue(previous.glyph, glyph) * scale;
    const placed: Placed = { font, glyph, x };
    glyphs.push(placed);
    x += (glyph.advanceWidth ?? 0) * scale;
    previous = placed;
  }
  return { glyphs, width: x };
}

function drawText(raster: Raster, line: { glyphs: Placed[] }, x: number, baseline: number, size: number, colour: [number, number, number]) {
  const polygons = line.glyphs.flatMap((g) => flattenPath(g.glyph.getPath(x + g.x, baseline, size).commands));
  raster.fill(polygons, colour);
}

/** Breaks text into at most `maxLines` lines of `maxWidth`, the last one shortened with an ellipsis. */
function wrap(text: string, list: Font[], size: number, maxWidth: number, maxLines: number): string[] | null {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (layout(candidate, list, size).width <= maxWidth) {
      current = candidate;
      continue;
    }
    if (!current) return null; // one word wider than the card at this size
    lines.push(current);
    current = word;
    if (layout(current, list, size).width > maxWidth) return null;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && layout(`${last}…`, list, size).width > maxWidth) last = last.slice(0, -1).trimEnd();
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

const mix = (a: [number, number, number], b: [number, number, number], t: number): [number, number, number] => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

export interface ShareCardInput {
  title: string;
  year: number | null;
  type: "movie" | "tv";
  siteName: string;
  /** The title's hue (titleHue), so the card matches its generated poster. */
  hue: number;
}

export function renderShareCard(input: ShareCardInput): Buffer {
  const { bold, regular } = loadFonts();
  const { width, height } = SHARE_CARD;
  const raster = new Raster(width, height);
  const ink: [number, number, number] = [7, 8, 12];
  const glow = hsl(input.hue, 0.7, 0.42);
  const deep = hsl((input.hue + 40) % 360, 0.55, 0.1);
  raster.shade((x, y) => {
    // A dark diagonal wash in the title's colours, brightest top right.
    const t = Math.min(1, Math.max(0, (x / width) * 0.6 + (1 - y / height) * 0.4));
    const base = mix(ink, deep, t);
    const d = Math.hypot((x - width * 0.85) / (width * 0.7), (y - height * 0.05) / (height * 0.9));
    return mix(base, glow, Math.max(0, 1 - d) * 0.55);
  });

  // A poster-shaped panel on the right, as the site draws a poster without artwork.
  const panel = { x: 852, y: 70, w: 280, h: 420 };
  raster.fill([roundedRect(panel.x, panel.y, panel.w, panel.h, 22)], (x, y) => {
    const t = (y - panel.y) / panel.h;
    const top = hsl(input.hue, 0.45, 0.3);
    const bottom = hsl((input.hue + 40) % 360, 0.55, 0.09);
    const d = Math.hypot((x - (panel.x + panel.w * 0.85)) / panel.w, (y - panel.y) / (panel.h * 0.7));
    return mix(mix(top, bottom, t), hsl(input.hue, 0.7, 0.5), Math.max(0, 1 - d) * 0.6);
  });
  const initials = layout(input.year ? String(input.year) : input.type === "tv" ? "TV" : "Film", regular, 30);
  drawText(raster, initials, panel.x + 28, panel.y + panel.h - 40, 30, [230, 230, 235]);
  const posterName = wrap(input.title, bold, 40, panel.w - 56, 2) ?? [input.title.slice(0, 12)];
  const firstBaseline = panel.y + panel.h - 80 - (posterName.length - 1) * 46;
  raster.fill([roundedRect(panel.x + 28, firstBaseline - 62, 40, 4, 2)], [235, 235, 240], 0.6);
  posterName.forEach((line, i) =>
    drawText(raster, layout(line, bold, 40), panel.x + 28, panel.y + panel.h - 80 - (posterName.length - 1 - i) * 46, 40, [255, 255, 255]),
  );

  // The title, as large as fits in three lines.
  const left = 80;
  const maxWidth = 720;
  let size = 88;
  let lines = wrap(input.title, bold, size, maxWidth, 3);
  // Two lines at the largest size that fits, down to 64 px; longer names take a third line, then an ellipsis.
  while (size > 64 && (!lines || lines.length > 2)) {
    size -= 8;
    lines = wrap(input.title, bold, size, maxWidth, 3);
  }
  while (!lines && size > 32) {
    size -= 8;
    lines = wrap(input.title, bold, size, maxWidth, 3);
  }
  lines ??= [input.title];
  const lineHeight = size * 1.12;
  const kind = [input.year, input.type === "tv" ? "TV series" : "Movie"].filter(Boolean).join(" · ");
  const blockTop = 300 - (lines.length * lineHeight) / 2;
  drawText(raster, layout(kind.toUpperCase(), bold, 26), left, blockTop - 28, 26, [255, 180, 161]);
  lines.forEach((line, i) => drawText(raster, layout(line, bold, size), left, blockTop + size + i * lineHeight, size, [255, 255, 255]));

  // The brand: the mark and the site's name.
  raster.fill([roundedRect(left, 508, 52, 52, 12)], [242, 100, 63]);
  raster.fill([[left + 19, 521, left + 19, 547, left + 38, 534]], [7, 8, 12]);
  drawText(raster, layout(input.siteName, bold, 36), left + 70, 547, 36, [255, 255, 255]);
  return raster.toPng();
}

const CACHE_LIMIT = 64;
const cache = new Map<string, Buffer>();

/** The share card of a catalogue title, or null when there is no such title. Rendered cards are kept in memory. */
export async function titleShareCard(db: Db, id: number, siteName: string): Promise<Buffer | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await shareCardTitle(db, id);
  if (!row) return null;
  const key = `${id}\u0000${row.updated_at}\u0000${siteName}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const png = renderShareCard({
    title: row.title,
    year: row.release_date ? Number(row.release_date.slice(0, 4)) : null,
    type: row.type,
    siteName,
    hue: titleHue(row.title),
  });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, png);
  return png;
}
