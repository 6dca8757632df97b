import type { Db } from "#app/db/client.server.ts";

/** What the catalogue knows of a title's popularity from outside (TMDB, IMDb). */
export interface PopularityInput {
  votes?: number | null;
  rating?: number | null;
  tmdbPopularity?: number | null;
}

export async function setPopularity(_db: Db, _titleId: number, _input: PopularityInput): Promise<void> {}
