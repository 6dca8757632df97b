// The results page's chip links, apart from the parser (query.ts): its word lists and
// text.ts would otherwise ride along in every page's bundle (the home page's budget).
import type { InterpretedQuery, Understood } from "./query-types.ts";

/** Whether `words` stand in `tokens` from position i on. */
export const at = (tokens: string[], i: number, words: string[]) => words.every((w, k) => tokens[i + k] === w);

/** The query text without a chip's words: what the chip's link searches. */
export function withoutWords(query: InterpretedQuery, chip: Understood): string {
  let start = -1;
  for (let i = 0; i + chip.words.length <= query.tokens.length && start < 0; i++)
    if (query.roles[i] === "filter" && at(query.tokens, i, chip.words)) start = i;
  return query.tokens.filter((_, i) => start < 0 || i < start || i >= start + chip.words.length).join(" ");
}
