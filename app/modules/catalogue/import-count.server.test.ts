import { describe, expect, it } from "vitest";
import { MAX_IMPORT_TITLES } from "./import-constants.ts";
import { csvHasTooManyTitles, parseImportFile } from "./import-format.server.ts";

/**
 * A CSV of `titles` titles streamed in chunks, each title on several rows (two releases,
 * two links each) and known by a TMDB id, the key column or its slug in turn, as an
 * editor's export mixes them. `read` counts the titles handed to the reader so far.
 */
function csvStream(titles: number) {
  const progress = { read: 0 };
  async function* rows() {
    yield "key,type,title,tmdb_id,quality,file_title,link_label,link_url\n";
    let chunk = "";
    for (let i = 1; i <= titles; i++) {
      const id = i % 3 === 0 ? `,movie,,${i}` : i % 3 === 1 ? `k${i},,,` : `,tv,Show ${i},`;
      const first = i % 3 === 0 ? `,movie,Film ${i},${i}` : i % 3 === 1 ? `k${i},movie,Keyed ${i},` : id;
      for (const [n, quality] of ["720p", "1080p"].entries()) {
        for (const link of [1, 2]) {
          chunk += `${n === 0 && link === 1 ? first : id},${quality},T${i} ${quality},mirror ${link},https://x.example/${i}/${quality}/${link}\n`;
        }
      }
      progress.read = i;
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = "";
      }
    }
    yield chunk;
  }
  return { rows, progress };
}

describe("refusing a CSV with too many titles before parsing it (issue 30)", () => {
  it("counts the titles as the import groups them: rows of one title are one title", async () => {
    const { rows } = csvStream(30);
    const parsed = await parseImportFile(rows(), "csv");
    expect(parsed.errors).toEqual([]);
    expect(parsed.format === "csv" && parsed.titles.length).toBe(30);
  });

  it("refuses a file past the limit while reading it, keeping only the titles' keys", async () => {
    const { rows, progress } = csvStream(MAX_IMPORT_TITLES + 20_000);
    const heapBefore = process.memoryUsage().heapUsed;
    expect(await csvHasTooManyTitles(rows())).toBe(true);
    // It stops at the first title past the limit rather than reading the rest of the file.
    expect(progress.read).toBeLessThan(MAX_IMPORT_TITLES + 2_000);
    // 200,000 rows with their titles' groups took hundreds of MB; the keys alone are a few MB.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(150 * 1024 * 1024);
  }, 60_000);

  it("never refuses a legal file: exactly the limit, on four rows a title, is not too many", async () => {
    expect(await csvHasTooManyTitles(csvStream(MAX_IMPORT_TITLES).rows())).toBe(false);
  }, 60_000);
});
