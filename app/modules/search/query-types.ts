// The shape of an interpreted query (query.ts reads it, chips.ts writes the chips'
// links from it), apart from both, so neither imports the other back.
import type { TitleType } from "#app/db/schema.ts";

/** Something the parser took out of the words, shown on the results page as a removable chip. */
export interface Understood {
  kind: "type" | "year" | "quality" | "language" | "season";
  /** What the chip says, e.g. "Year: 2000". */
  label: string;
  /** The normalised words it was read from, removed from the query by the chip's link. */
  words: string[];
  /**
   * Applied as a filter (type, year, quality); false when the catalogue has nothing to
   * filter it by (languages of audio, seasons): understood, said so, not applied.
   */
  applied: boolean;
}

export interface QueryFilters {
  type?: TitleType;
  year?: number;
  quality?: string;
}

export interface InterpretedQuery {
  /** The whole query, normalised. */
  text: string;
  /** Every normalised word in order, with what each is (see `role`). */
  tokens: string[];
  /**
   * "word": must match; "noise": words visitors add ("full movie", "download"), never
   * required, but titles holding them rank first ("Free Guy"); "filter": read into a
   * filter or an understood-but-not-applied chip, left out of the words.
   */
  roles: ("word" | "noise" | "filter")[];
  filters: QueryFilters;
  understood: Understood[];
  /**
   * Only little words are left once noise and filters are out ("the of movie
   * download"): they name no title, so the search finds nothing (unless the whole
   * text is a title, which the search checks first).
   */
  onlyLittleWords: boolean;
}
