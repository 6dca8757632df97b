import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { setPopularity } from "#app/modules/search/popularity.server.ts";
import type { TitleInput } from "./schema.ts";
import { getTitle } from "./read.server.ts";
import { RELATED_CANDIDATES, relatedTitles } from "./related.server.ts";
import { createTitle, insertParsedTitles, parseTitleInput } from "./write.server.ts";

const at = (n: number) => new Date(Date.UTC(2026, 5, 1, 12, n)).toISOString();

/** A movie sharing nothing by default: its own genre, director and cast. */
function lone(title: string, overrides: Partial<TitleInput> = {}): TitleInput {
  return buildMovie({ title, genres: [`Only ${title}`], directors: [`Director of ${title}`], cast: [], rating: null, ...overrides });
}

describeEachDatabase("More like this", (ctx) => {
  async function add(input: TitleInput) {
    return (await createTitle(ctx.db, input)).id;
  }
  async function related(id: number) {
    const title = (await getTitle(ctx.db, id))!;
    return (await relatedTitles(ctx.db, title)).map((t) => t.title);
  }

  it("ranks a shared person or name (2) above a shared genre (1), sums them, and leaves the title itself out", async () => {
    const source = await add(
      lone("Dune", { genres: ["Sci-Fi", "Adventure"], directors: ["Denis Villeneuve"], cast: [{ name: "Zendaya", character: null }] }),
    );
    await add(lone("Arrival", { directors: ["Denis Villeneuve"], uploadedAt: at(1) }));
    await add(lone("Dune", { releaseDate: "1984-12-14", uploadedAt: at(2) }));
    await add(lone("Star Wars", { genres: ["Sci-Fi", "Adventure"], uploadedAt: at(3) }));
    await add(lone("Alien", { genres: ["Sci-Fi"], uploadedAt: at(4) }));
    await add(lone("Challengers", { genres: ["Sci-Fi"], cast: [{ name: "Zendaya", character: null }], uploadedAt: at(5) }));
    await add(lone("Paddington", { uploadedAt: at(6) }));
    const names = await related(source);
    // Challengers 3 (person + genre); Arrival 2, Dune 2 (namesake) and Star Wars 2 (two genres), the newer first; Alien 1.
    expect(names).toEqual(["Challengers", "Star Wars", "Dune", "Arrival", "Alien"]);
  });

  it("counts a person credited twice on a title once", async () => {
    const clint = { directors: ["Clint Eastwood"], cast: [{ name: "Clint Eastwood", character: null }] };
    const source = await add(lone("Source", { genres: ["Western", "Drama", "Crime"], ...clint }));
    await add(lone("Unforgiven", { ...clint, uploadedAt: at(2) }));
    await add(lone("Three genres", { genres: ["Western", "Drama", "Crime"], uploadedAt: at(1) }));
    // Unforgiven shares one person: 2, not 4, so the three shared genres (3) come first.
    expect(await related(source)).toEqual(["Three genres", "Unforgiven"]);
  });

  it("breaks ties by popularity, then the newer upload", async () => {
    const source = await add(lone("Source", { genres: ["Horror"] }));
    const old = await add(lone("Old", { genres: ["Horror"], uploadedAt: at(1) }));
    await add(lone("Newer", { genres: ["Horror"], uploadedAt: at(2) }));
    await add(lone("Newest", { genres: ["Horror"], uploadedAt: at(3) }));
    expect(await related(source)).toEqual(["Newest", "Newer", "Old"]);
    await setPopularity(ctx.db, old, { votes: 10_000 });
    expect(await related(source)).toEqual(["Old", "Newest", "Newer"]);
  });

  it("ignores hidden genres and leaves out titles whose links are all taken down", async () => {
    const source = await add(lone("Source", { genres: ["Horror", "Secret"] }));
    await add(lone("Secret sharer", { genres: ["Secret"], uploadedAt: at(1) }));
    const takenDown = await add(lone("Taken down", { genres: ["Horror"], uploadedAt: at(2) }));
    await add(lone("Kept", { genres: ["Horror"], uploadedAt: at(3) }));
    await add(lone("No links", { genres: ["Horror"], releases: [], uploadedAt: at(4) }));
    await ctx.db.updateTable("genres").set({ hidden: true }).where("name", "=", "Secret").execute();
    const releases = (await getTitle(ctx.db, takenDown))!.releases;
    await ctx.db
      .updateTable("links")
      .set({ status: "disabled" })
      .where(
        "release_id",
        "in",
        releases.map((r) => r.id),
      )
      .execute();
    expect(await related(source)).toEqual(["Kept"]);
  });

  it(`reads only the newest ${RELATED_CANDIDATES} titles of a shared genre`, async () => {
    const source = await add(lone("Source", { genres: ["Crowded"] }));
    // An old title sharing the genre and a lot of popularity, then more than the bound of newer ones.
    const oldest = await add(lone("Oldest", { genres: ["Crowded"], uploadedAt: at(0) }));
    await setPopularity(ctx.db, oldest, { votes: 1_000_000 });
    const batch = Array.from({ length: RELATED_CANDIDATES + 1 }, (_, i) =>
      parseTitleInput(lone(`Filler ${i}`, { genres: ["Crowded"], uploadedAt: at(1), tmdbId: null, imdbId: null })),
    );
    await insertParsedTitles(ctx.db, batch);
    const names = await related(source);
    expect(names).toHaveLength(12);
    // The most popular match was past the bound, so it is not read at all.
    expect(names).not.toContain("Oldest");
  });
});
