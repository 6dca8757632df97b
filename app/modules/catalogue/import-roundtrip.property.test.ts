import fc from "fast-check";
import { expect, it } from "vitest";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import { isAppError } from "#app/utils/errors.ts";
import {
  createTestDatabase,
  resetDatabase,
  takeSnapshot,
  testDialects,
  type Snapshot,
  type TestDatabase,
} from "#tests/helpers/database.ts";
import { exportCatalogue, exportText } from "./export.server.ts";
import { createImportRun, prepareImport, runImport } from "./import.server.ts";
import type { TitleInput } from "./schema.ts";
import { createTitle } from "./write.server.ts";

/**
 * Every catalogue the editor can make exports to a file that imports into an empty
 * database as the same catalogue, and importing that file again changes nothing
 * (issue 30). Random catalogues: namesakes with and without ids, long and non-Latin
 * titles, long slugs, many and long genres, control characters at the edges (the
 * editor refuses or trims them; whatever it stored must come back).
 */

const operator: Actor = { id: null, name: "property" };

const names = fc.constantFrom(
  "It",
  "I.T.",
  "Dune",
  "The Lion King",
  "Ночь",
  "東京物語",
  "Ἰλιάς",
  "Amélie & Co",
  "!!!",
  "Miracle in Cell No. 7",
);
const edge = fc.constantFrom("", " ", "\t", "\u000b", "\u0000", "\u0007", "\n", "\u00a0");
const long = fc.tuple(names, fc.integer({ min: 5, max: 40 })).map(([n, k]) => `${n} `.repeat(k));
const anyText = fc.string({ unit: "binary", minLength: 1, maxLength: 12 });
const titleText = fc.tuple(edge, fc.oneof(names, long, anyText), edge).map(([a, t, b]) => `${a}${t}${b}`);
const genreName = fc.oneof(
  fc.constantFrom("Drama", "drama", "Sci Fi", "Sci-Fi", "Film Noir", "Фантастика", "アニメ"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 64 }),
);

const titleInput: fc.Arbitrary<TitleInput> = fc.record({
  type: fc.constantFrom("movie" as const, "tv" as const),
  title: titleText,
  slug: fc.option(fc.oneof(names, fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 120 })), { nil: null }),
  tmdbId: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  imdbId: fc.option(fc.constantFrom("tt0000001", "tt0000002", "tt0000003"), { nil: null }),
  releaseDate: fc.option(fc.constantFrom("2017-09-08", "1990-11-18", "2017-01-01"), { nil: null }),
  overview: fc.option(titleText, { nil: null }),
  genres: fc.array(genreName, { maxLength: 32 }),
  releases: fc.constant([
    {
      quality: "720p",
      season: null,
      files: [{ title: "File", links: [{ label: "host", url: "https://files.example/1", status: "ok" as const }] }],
    },
  ]),
});

const withoutDate = ({ exportedAt: _at, ...rest }: Awaited<ReturnType<typeof exportCatalogue>>) => rest;

interface Pair {
  source: TestDatabase;
  target: TestDatabase;
  snapshot: Snapshot;
}

async function roundTrip({ source, target, snapshot }: Pair, inputs: TitleInput[]) {
  await resetDatabase(source.db, source.dialect, snapshot);
  await resetDatabase(target.db, target.dialect, snapshot);
  for (const input of inputs) {
    try {
      await createTitle(source.db, input);
    } catch (error) {
      // Refused input (a control character, a taken id, too many genres) is not in the catalogue; anything else is a bug.
      if (!isAppError(error) || (error.status !== 400 && error.status !== 409)) throw error;
    }
  }
  const before = await exportCatalogue(source.db);
  const text = exportText(before);
  const prepared = await prepareImport(target.db, text, { format: "json" });
  expect(prepared.plan.errors).toEqual([]);
  if (prepared.items.length > 0) {
    const run = await createImportRun(target.db, operator, { name: "export.json", format: "json" }, prepared);
    await runImport(target.db, operator, run.id);
  }
  expect(withoutDate(await exportCatalogue(target.db))).toEqual(withoutDate(before));
  const again = await prepareImport(target.db, text, { format: "json" });
  expect(again.plan).toMatchObject({ errors: [], counts: { titles: { create: 0, update: 0 } }, newGenres: [] });
}

for (const dialect of testDialects) {
  it(`[${dialect}] export → import into an empty database is the identity, and a second import changes nothing`, async () => {
    const source = await createTestDatabase(dialect);
    const target = await createTestDatabase(dialect);
    try {
      const pair = { source, target, snapshot: await takeSnapshot(source.db, dialect) };
      await fc.assert(
        fc.asyncProperty(fc.array(titleInput, { minLength: 1, maxLength: 8 }), (inputs) => roundTrip(pair, inputs)),
        // Bounded: a failure still shrinks, within the time limit.
        { numRuns: dialect === "sqlite" ? 15 : 8, interruptAfterTimeLimit: 30_000 },
      );
    } finally {
      await source.destroy();
      await target.destroy();
    }
  }, 60_000);
}
