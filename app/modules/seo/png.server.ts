import zlib from "node:zlib";

/**
 * A small RGB raster with anti-aliased polygon filling and a PNG encoder, in plain
 * JavaScript: enough to draw a share card (gradients, rounded boxes, glyph outlines)
 * without a native image library or a browser.
 */
export class Raster {
  readonly data: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Float32Array(width * height * 3);
  }

  /** Sets every pixel from a function of its position (gradients). */
  shade(colour: (x: number, y: number) => [number, number, number]) {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const [r, g, b] = colour(x, y);
        const i = (y * this.width + x) * 3;
        this.data[i] = r;
        this.data[i + 1] = g;
        this.data[i + 2] = b;
      }
    }
  }

  /**
   * Fills closed polygons (non-zero winding) with a colour, or a colour per pixel.
   * Edges are anti-aliased: each pixel row is sampled on several sub-rows, each
   * span adding its exact horizontal coverage.
   */
  fill(polygons: number[][], paint: [number, number, number] | ((x: number, y: number) => [number, number, number]), opacity = 1) {
    const edges: { x0: number; y0: number; x1: number; y1: number; dir: number }[] = [];
    let top = Infinity;
    let bottom = -Infinity;
    for (const points of polygons) {
      for (let i = 0; i < points.length; i += 2) {
        const j = (i + 2) % points.length;
        const [x0, y0, x1, y1] = [points[i]!, points[i + 1]!, points[j]!, points[j + 1]!];
        if (y0 === y1) continue;
        edges.push(y0 < y1 ? { x0, y0, x1, y1, dir: 1 } : { x0: x1, y0: y1, x1: x0, y1: y0, dir: -1 });
        top = Math.min(top, y0, y1);
        bottom = Math.max(bottom, y0, y1);
      }
    }
    if (edges.length === 0) return;
    const SUB = 5;
    const cover = new Float32Array(this.width + 1);
    const rowStart = Math.max(0, Math.floor(top));
    const rowEnd = Math.min(this.height, Math.ceil(bottom));
    const crossings: { x: number; dir: number }[] = [];
    for (let row = rowStart; row < rowEnd; row++) {
      cover.fill(0);
      let minX = this.width;
      let maxX = 0;
      for (let s = 0; s < SUB; s++) {
        const y = row + (s + 0.5) / SUB;
        crossings.length = 0;
        for (const e of edges) {
          if (y < e.y0 || y >= e.y1) continue;
          crossings.push({ x: e.x0 + ((y - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), dir: e.dir });
        }
        crossings.sort((a, b) => a.x - b.x);
        let winding = 0;
        for (let k = 0; k < crossings.length - 1; k++) {
          winding += crossings[k]!.dir;
          if (winding === 0) continue;
          const xa = Math.max(0, crossings[k]!.x);
          const xb = Math.min(this.width, crossings[k + 1]!.x);
          if (xb <= xa) continue;
          const first = Math.floor(xa);
          const last = Math.min(this.width - 1, Math.ceil(xb) - 1);
          for (let x = first; x <= last; x++) cover[x]! += (Math.min(xb, x + 1) - Math.max(xa, x)) / SUB;
          minX = Math.min(minX, first);
          maxX = Math.max(maxX, last);
        }
      }
      for (let x = minX; x <= maxX; x++) {
        const alpha = Math.min(1, cover[x]!) * opacity;
        if (alpha <= 0) continue;
        const [r, g, b] = typeof paint === "function" ? paint(x, row) : paint;
        const i = (row * this.width + x) * 3;
        this.data[i] = this.data[i]! + (r - this.data[i]!) * alpha;
        this.data[i + 1] = this.data[i + 1]! + (g - this.data[i + 1]!) * alpha;
        this.data[i + 2] = this.data[i + 2]! + (b - this.data[i + 2]!) * alpha;
      }
    }
  }

  /** The raster as a PNG file (8-bit RGB, no interlace). */
  toPng(): Buffer {
    const stride = this.width * 3 + 1;
    const raw = Buffer.alloc(stride * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * stride] = 0; // filter: none
      for (let i = 0; i < this.width * 3; i++) {
        raw[y * stride + 1 + i] = Math.max(0, Math.min(255, Math.round(this.data[y * this.width * 3 + i]!)));
      }
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", zlib.deflateSync(raw, { level: 6 })),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** A rounded rectangle as one polygon. */
export function roundedRect(x: number, y: number, w: number, h: number, r: number): number[] {
  const points: number[] = [];
  const corners = [
    [x + w - r, y + r, -Math.PI / 2],
    [x + w - r, y + h - r, 0],
    [x + r, y + h - r, Math.PI / 2],
    [x + r, y + r, Math.PI],
  ] as const;
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= 8; i++) {
      const a = start + (i / 8) * (Math.PI / 2);
      points.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
  }
  return points;
}

/** Turns path commands (as opentype.js gives them) into polygons, curves flattened to short lines. */
export function flattenPath(commands: { type: string; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number }[]) {
  const polygons: number[][] = [];
  let current: number[] = [];
  let px = 0;
  let py = 0;
  const STEPS = 8;
  for (const c of commands) {
    if (c.type === "M") {
      if (current.length >= 6) polygons.push(current);
      current = [c.x!, c.y!];
    } else if (c.type === "L") {
      current.push(c.x!, c.y!);
    } else if (c.type === "Q") {
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        current.push(u * u * px + 2 * u * t * c.x1! + t * t * c.x!, u * u * py + 2 * u * t * c.y1! + t * t * c.y!);
      }
    } else if (c.type === "C") {
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        current.push(
          u * u * u * px + 3 * u * u * t * c.x1! + 3 * u * t * t * c.x2! + t * t * t * c.x!,
          u * u * u * py + 3 * u * u * t * c.y1! + 3 * u * t * t * c.y2! + t * t * t * c.y!,
        );
      }
    } else if (c.type === "Z") {
      if (current.length >= 6) polygons.push(current);
      current = [];
      continue;
    }
    px = c.x ?? px;
    py = c.y ?? py;
  }
  if (current.length >= 6) polygons.push(current);
  return polygons;
}
