import { describe, expect, it } from "vitest";
import { withoutWords } from "./chips.ts";
import { interpretQuery } from "./query.ts";

const NOW = new Date("2026-11-28T00:00:00Z");
const read = (text: string) => {
  const q = interpretQuery(text, NOW);
  return {
    words: q.tokens.filter((_, i) => q.roles[i] === "word").join(" "),
    noise: q.tokens.filter((_, i) => q.roles[i] === "noise").join(" "),
    filters: q.filters,
    chips: q.understood.map((c) => `${c.label}${c.applied ? "" : " (not applied)"}`),
  };
};

describe("interpretQuery", () => {
  it("strips noise words and phrases", () => {
    expect(read("Interstellar full movie download HD")).toMatchObject({
      words: "interstellar",
      noise: "full movie download hd",
      chips: [],
    });
    expect(read("watch joker online free")).toMatchObject({ words: "joker", noise: "watch online free" });
  });

  it("reads movie, film and series words as a type filter", () => {
    expect(read("joker film")).toMatchObject({ words: "joker", filters: { type: "movie" }, chips: ["Movies"] });
    expect(read("breaking bad web series")).toMatchObject({ words: "breaking bad", filters: { type: "tv" }, chips: ["TV shows"] });
    expect(read("friends tv show")).toMatchObject({ words: "friends", filters: { type: "tv" } });
  });

  it("reads a year from 1888 to next year as a filter, once", () => {
    expect(read("gladiator 2000 full movie")).toEqual({
      noise: "full movie",
      words: "gladiator",
      filters: { year: 2000 },
      chips: ["Year: 2000"],
    });
    expect(read("blade runner 2049")).toMatchObject({ words: "blade runner 2049", filters: {} });
    expect(read("dracula 1887").filters).toEqual({});
    expect(read("avatar 2027").filters).toEqual({ year: 2027 });
    expect(read("1984 2000 x")).toMatchObject({ words: "2000 x", filters: { year: 1984 } });
  });

  it("reads qualities as a filter", () => {
    expect(read("dune 1080p")).toMatchObject({ words: "dune", filters: { quality: "1080p" }, chips: ["Quality: 1080p"] });
    expect(read("dune 4K").filters).toEqual({ quality: "4k" });
    expect(read("dune full hd").filters).toEqual({ quality: "1080p" });
  });

  it("understands languages and seasons without applying them", () => {
    expect(read("kgf hindi dubbed")).toMatchObject({ words: "kgf", filters: {}, chips: ["Hindi dubbed (not applied)"] });
    expect(read("avengers dual audio").chips).toEqual(["Dual audio (not applied)"]);
    expect(read("amelie french").chips).toEqual(["French (not applied)"]);
    expect(read("breaking bad season 2")).toMatchObject({ words: "breaking bad", chips: ["Season 2 (not applied)"] });
    expect(read("dark season two").chips).toEqual(["Season 2 (not applied)"]);
    expect(read("friends s02e05")).toMatchObject({ words: "friends", chips: ["Season 2, episode 5 (not applied)"] });
  });

  it("takes the query as typed when nothing would be left to match", () => {
    for (const text of ["movie", "hindi", "1917", "free download", "season 2"]) {
      const q = interpretQuery(text, NOW);
      expect(
        q.roles.every((r) => r === "word"),
        text,
      ).toBe(true);
      expect(q.understood).toEqual([]);
    }
  });

  it("finds only little words left empty, but not little words typed alone", () => {
    expect(interpretQuery("the of movie download", NOW).onlyLittleWords).toBe(true);
    expect(interpretQuery("the", NOW).onlyLittleWords).toBe(false);
    expect(interpretQuery("the of", NOW).onlyLittleWords).toBe(false);
    expect(interpretQuery("the dark movie", NOW).onlyLittleWords).toBe(false);
  });

  it("gives each chip a query without its words", () => {
    const q = interpretQuery("gladiator 2000 1080p full movie", NOW);
    expect(q.understood.map((c) => withoutWords(q, c))).toEqual(["gladiator 1080p full movie", "gladiator 2000 full movie"]);
  });
});
