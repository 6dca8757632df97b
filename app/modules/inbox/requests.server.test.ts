import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { AppError } from "#app/utils/errors.ts";
import { fileContentRequest, requestFromSearch } from "./requests.server.ts";

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
    expect(sameTitle).toEqual({ id: first.id, requestCount: 2, merged: true });
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
    await expect(requestFromSearch(ctx.db, "10.0.0.1", { tmdbId: "../1", type: "movie", title: "x", year: "" })).rejects.toMatchObject({
      status: 400,
    });
  });

  it("drops a filled honeypot and rate-limits one address", async () => {
    const before = await ctx.db
      .selectFrom("content_requests")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    await requestFromSearch(ctx.db, "10.9.9.9", { tmdbId: "4977", type: "movie", title: "Paprika", year: "2006", website: "http://spam" });
    const after = await ctx.db
      .selectFrom("content_requests")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const address = `10.8.${ctx.dialect === "sqlite" ? 1 : 2}.1`;
    for (let i = 0; i < 10; i++)
      await requestFromSearch(ctx.db, address, { tmdbId: String(5000 + i), type: "tv", title: `Show ${i}`, year: "" });
    await expect(requestFromSearch(ctx.db, address, { tmdbId: "6000", type: "tv", title: "One more", year: "" })).rejects.toMatchObject({
      status: 429,
    });
  });
});
