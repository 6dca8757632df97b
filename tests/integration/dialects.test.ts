import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { getArchive, getLinkDetails, getTitle, listFeatured, listGenreTitles, listTitles } from "#app/modules/catalogue/read.server.ts";
import { createTitle, replaceTitle } from "#app/modules/catalogue/write.server.ts";
import type { Db } from "#app/db/client.server.ts";

/** Everything a visitor could read about the catalogue, minus the moment rows were written. */
async function snapshot(db: Db) {
  const ids = (await listTitles(db, { perPage: 100 })).items.map((t) => t.id);
  const strip = <T extends { createdAt: string; updatedAt: string }>({ createdAt: _c, updatedAt: _u, ...rest }: T) => rest;
  return {
    listing: await listTitles(db, { page: 1, perPage: 3 }),
    listingPage2: await listTitles(db, { page: 2, perPage: 3 }),
    featured: await listFeatured(db),
    genre: await listGenreTitles(db, "horror"),
    titles: await Promise.all(ids.map(async (id) => strip((await getTitle(db, id, { includeDisabled: true }))!))),
    archive: await getArchive(db, ids[0]!, "season-1-480p"),
    // Newest first: ids[1] is Carnival of Souls, ids[4] the edited Nosferatu.
    details: await getLinkDetails(db, ids[1]!, { kind: "release-key", key: "1080p" }),
    editedDetails: await getLinkDetails(db, ids[4]!, { kind: "release-key", key: "1080p" }),
  };
}

const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, "0")}:00.000Z`;

/** Built once, so both databases receive exactly the same input. */
const inputs = [
  buildMovie({ title: "Metropolis", releaseDate: "1927-01-10", rating: 8.3, featured: true, featuredOrder: 1, uploadedAt: at(1) }),
  buildMovie({ title: "Nosferatu", adult: true, rating: null, uploadedAt: at(2) }),
  buildSeries({ title: "Decoy", featured: true, featuredOrder: 2, uploadedAt: at(3) }),
  buildMovie({ title: "Détour", genres: ["Crime", "Film Noir"], uploadedAt: at(4) }),
  buildMovie({ title: "Carnival of Souls", uploadedAt: at(5) }),
  buildSeries({ title: "One Step Beyond", uploadedAt: at(6) }),
];
const edit = buildMovie({ title: "Nosferatu", uploadedAt: at(2) });

async function fill(db: Db) {
  const created = [];
  for (const input of inputs) created.push(await createTitle(db, input));
  const nosferatu = created[1]!;
  await replaceTitle(db, nosferatu.id, { ...edit, releases: [{ id: nosferatu.releases[1]!.id, quality: "1080p" }] });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("SQLite and PostgreSQL", () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([createTestDatabase("sqlite"), createTestDatabase("postgres")]);
  });
  afterAll(async () => {
    await Promise.all([sqlite?.destroy(), postgres?.destroy()]);
  });

  it("give identical results for the same catalogue", async () => {
    await fill(sqlite.db);
    await fill(postgres.db);
    const [a, b] = [await snapshot(sqlite.db), await snapshot(postgres.db)];
    expect(a.titles).toHaveLength(6);
    expect(a.details?.files).toHaveLength(1);
    expect(a.editedDetails).toMatchObject({ title: { title: "Nosferatu" }, files: [] });
    expect(b).toEqual(a);
  });
});
