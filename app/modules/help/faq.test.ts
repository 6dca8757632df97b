import { describe, expect, it } from "vitest";
import { answerText, FAQ_ENTRIES, type FaqEntry, filterFaq, foldText } from "./faq.ts";

const entries: FaqEntry[] = [
  { id: "a", question: "Which qualities are available? Is there 4K?", answer: [["Most titles come in 1080p."]] },
  { id: "b", question: "Is there a café scene?", answer: [["See the ", { text: "Résumé page", href: "/resume" }, " for more."]] },
  { id: "c", question: "What about MKV files?", answer: [["Use VLC; it won’t complain."], ["A second paragraph about subtitles."]] },
];

const ids = (list: FaqEntry[]) => list.map((e) => e.id);

describe("filterFaq", () => {
  it("keeps every entry, in order, for a blank query", () => {
    expect(ids(filterFaq(entries, ""))).toEqual(["a", "b", "c"]);
    expect(ids(filterFaq(entries, "   \t "))).toEqual(["a", "b", "c"]);
    expect(ids(filterFaq(entries, null))).toEqual(["a", "b", "c"]);
    expect(ids(filterFaq(entries, undefined))).toEqual(["a", "b", "c"]);
  });

  it("returns a new array, never the input", () => {
    expect(filterFaq(entries, "")).not.toBe(entries);
  });

  it("ignores case", () => {
    expect(ids(filterFaq(entries, "4k"))).toEqual(["a"]);
    expect(ids(filterFaq(entries, "mkv"))).toEqual(["c"]);
    expect(ids(filterFaq(entries, "VLC"))).toEqual(["c"]);
  });

  it("ignores accents on either side", () => {
    expect(ids(filterFaq(entries, "cafe"))).toEqual(["b"]);
    expect(ids(filterFaq(entries, "CAFÉ"))).toEqual(["b"]);
    expect(ids(filterFaq(entries, "vlç"))).toEqual(["c"]);
  });

  it("matches answer text, link text and later paragraphs", () => {
    expect(ids(filterFaq(entries, "1080p"))).toEqual(["a"]);
    expect(ids(filterFaq(entries, "resume page"))).toEqual(["b"]);
    expect(ids(filterFaq(entries, "subtitles"))).toEqual(["c"]);
  });

  it("does not match link addresses", () => {
    expect(filterFaq(entries, "/resume")).toEqual([]);
  });

  it("needs every word, in any order and position", () => {
    expect(ids(filterFaq(entries, "there is"))).toEqual(["a", "b"]);
    expect(ids(filterFaq(entries, "  scene   café "))).toEqual(["b"]);
    expect(filterFaq(entries, "4k café")).toEqual([]);
  });

  it("treats typographic and plain apostrophes alike", () => {
    expect(ids(filterFaq(entries, "won't"))).toEqual(["c"]);
    expect(ids(filterFaq(entries, "won’t"))).toEqual(["c"]);
  });

  it("matches full-width characters", () => {
    expect(ids(filterFaq(entries, "４Ｋ"))).toEqual(["a"]);
  });

  it("returns nothing when nothing matches", () => {
    expect(filterFaq(entries, "zzz")).toEqual([]);
  });
});

describe("foldText", () => {
  it("removes case and accents", () => {
    expect(foldText("Crème BRÛLÉE")).toBe("creme brulee");
  });
});

describe("the FAQ", () => {
  it("has ten questions with unique ids", () => {
    expect(FAQ_ENTRIES).toHaveLength(10);
    expect(new Set(FAQ_ENTRIES.map((e) => e.id)).size).toBe(10);
  });

  it("answers every question", () => {
    for (const entry of FAQ_ENTRIES) {
      expect(entry.question.trim()).not.toBe("");
      expect(answerText(entry).length).toBeGreaterThan(40);
    }
  });

  it("links only to pages of the site", () => {
    const hrefs = FAQ_ENTRIES.flatMap((e) => e.answer.flat()).flatMap((run) => (typeof run === "string" ? [] : [run.href]));
    expect(hrefs).toEqual(expect.arrayContaining(["/broken-links", "/request", "/dmca", "/how-to-download"]));
    for (const href of hrefs) expect(href).toMatch(/^\/[a-z-]+$/);
  });

  it("finds only the qualities question for 4K", () => {
    expect(filterFaq(FAQ_ENTRIES, "4K").map((e) => e.id)).toEqual(["qualities"]);
  });
});
