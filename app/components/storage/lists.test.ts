import { describe, expect, it } from "vitest";
import { isVisited, markVisited, pushFront, toggleIn, type SavedTitle } from "./lists.ts";

const t = (id: number): SavedTitle => ({ id, slug: `t-${id}`, title: `T${id}`, poster: null, year: 1950, type: "movie", timestamp: id });

describe("recently viewed", () => {
  it("moves the viewed title to the front, removes duplicates by id and keeps 10", () => {
    let list: SavedTitle[] = [];
    for (let id = 1; id <= 12; id++) list = pushFront(list, t(id));
    expect(list.map((x) => x.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    list = pushFront(list, { ...t(7), title: "Seven again" });
    expect(list.map((x) => x.id)).toEqual([7, 12, 11, 10, 9, 8, 6, 5, 4, 3]);
    expect(list[0]!.title).toBe("Seven again");
  });
});

describe("favourites and watchlist", () => {
  it("toggle a title in and out", () => {
    const added = toggleIn([t(1)], t(2));
    expect(added).toEqual({ list: [t(2), t(1)], added: true });
    expect(toggleIn(added.list, t(1))).toEqual({ list: [t(2)], added: false });
  });
});

describe("visited links", () => {
  const HOUR = 3_600_000;
  it("are marked for two hours and expire after", () => {
    const map = markVisited({}, "/middleman?id=1", 0);
    expect(isVisited(map, "/middleman?id=1", 2 * HOUR - 1)).toBe(true);
    expect(isVisited(map, "/middleman?id=1", 2 * HOUR)).toBe(false);
    expect(isVisited(map, "/middleman?id=2", 0)).toBe(false);
  });
  it("drop expired entries when a new one is recorded", () => {
    const map = markVisited(markVisited({}, "/a", 0), "/b", 3 * HOUR);
    expect(Object.keys(map)).toEqual(["/b"]);
  });
});
