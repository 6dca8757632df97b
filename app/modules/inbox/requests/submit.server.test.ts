import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { AppError } from "#app/utils/errors.ts";
import { fileContentRequest } from "./submit.server.ts";

describeEachDatabase("content requests", (ctx) => {
  it("merges identical requests (same TMDB id, IMDb id, or title and year) into one row with a count", async () => {
    const first = await fileContentRequest(ctx.db, { name: "Ann", contentType: "Movie", title: "The Matrix", year: 1999, source: "form" });
    expect(first).toMatchObject({ requestCount: 1, merged: false });
    const sameTitle = await fileContentRequest(ctx.db, {
      name: "Bo",
      contentType: "Movie",
      title: "  the  MATRIX ",
      year: 1999,
      tmdbId: 603,
      source: "tmdb-search",
    });
    expect(sameTitle).toEqual({ id: first.id, requestCount: 2, merged: true, repeat: false });
    const sameTmdb = await fileContentRequest(ctx.db, {
      name: "Cy",
      contentType: "Movie",
      title: "Matrix",
      tmdbId: 603,
      source: "tmdb-search",
    });
    expect(sameTmdb.requestCount).toBe(3);
    const otherYear = await fileContentRequest(ctx.db, {
      name: "Di",
      contentType: "Movie",
      title: "The Matrix",
      year: 2021,
      source: "form",
    });
    expect(otherYear.merged).toBe(false);
    const row = await ctx.db.selectFrom("content_requests").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: "The Matrix", tmdb_id: 603, status: "pending", source: "form" });
  });

  it("refuses invalid input with a 400", async () => {
    await expect(fileContentRequest(ctx.db, { name: "", contentType: "Movie", title: "x", source: "form" })).rejects.toBeInstanceOf(
      AppError,
    );
  });
});
