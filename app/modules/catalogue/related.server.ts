import { sql, type SelectQueryBuilder } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import type { Database } from "#app/db/schema.ts";
import { popularityRows } from "#app/modules/search/popularity.server.ts";
import { cardColumns, toCard } from "./read.server.ts";
import type { TitleCard, TitleDetail } from "./types.ts";

/** How many titles "More like this" shows. */
export const RELATED_LIMIT = 12;
/** Candidates read per shared genre, person or name: the newest this many (by id), so a call stays bounded at any size. */
export const RELATED_CANDIDATES = 100;
/** People of a title looked up: its directors and leading cast, the credits most likely shared. */
export const RELATED_PEOPLE = 10;

/** What a shared thing weighs: two titles sharing a person or a name are closer than two sharing a genre. */
export const RELATED_WEIGHTS = { person: 2, name: 2, genre: 1 } as const;

type Hits = SelectQueryBuilder<Database, never, { title_id: number; weight: number }>;

/**
 * "More like this": titles sharing this one's public genres, people (directors and
 * leading cast) and name, scored by the weights above; ties go to the more popular,
 * then the newer upload. One statement, reading at most RELATED_CANDIDATES rows
 * per genre, person and name through credits_name_title_idx, titles_lower_title_idx
 * and title_genres_genre_idx; titles with no link visitors can see (taken down or
 * never given one) are left out, as is the title itself.
 */
export async function relatedTitles(
  db: Db,
  title: Pick<TitleDetail, "id" | "title" | "genres" | "directors" | "cast">,
  limit = RELATED_LIMIT,
): Promise<TitleCard[]> {
  const people = [...new Set([...title.directors, ...title.cast.map((c) => c.name)])].slice(0, RELATED_PEOPLE);
  const branches: Hits[] = [
    // The title's genres as getTitle gives them to visitors: hidden ones are already left out.
    ...title.genres.map((g, i) =>
      db
        .selectFrom(
          db
            .selectFrom("title_genres")
            .select("title_id")
            .where("genre_id", "=", g.id)
            .orderBy("title_id", "desc")
            .limit(RELATED_CANDIDATES)
            .as(`g${i}`),
        )
        .select(["title_id", sql.lit(RELATED_WEIGHTS.genre).as("weight")]),
    ),
    // A person credited twice on one title (directed and acted) counts once.
    ...people.map((name, i) =>
      db
        .selectFrom(
          db
            .selectFrom("credits")
            .select("title_id")
            .distinct()
            .where("name", "=", name)
            .orderBy("title_id", "desc")
            .limit(RELATED_CANDIDATES)
            .as(`p${i}`),
        )
        .select(["title_id", sql.lit(RELATED_WEIGHTS.person).as("weight")]),
    ),
    db
      .selectFrom(
        db
          .selectFrom("titles")
          .select("id as title_id")
          .where(sql`lower(title)`, "=", sql`lower(${title.title})`)
          .orderBy(sql`lower(title)`)
          .orderBy("id", "desc")
          .limit(RELATED_CANDIDATES)
          .as("n"),
      )
      .select(["title_id", sql.lit(RELATED_WEIGHTS.name).as("weight")]),
  ];
  const hits = branches.slice(1).reduce((all, branch) => all.unionAll(branch), branches[0]!);
  const rows = await db
    .selectFrom(
      db
        .selectFrom(hits.as("h"))
        .select((eb) => ["h.title_id", eb.fn.sum<number | string>("h.weight").as("score")])
        .groupBy("h.title_id")
        .as("s"),
    )
    .innerJoin("titles as t", "t.id", "s.title_id")
    .leftJoin(popularityRows(db).as("d"), "d.title_id", "t.id")
    .select(cardColumns)
    .where("t.id", "!=", title.id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("releases as r")
          .innerJoin("links as l", "l.release_id", "r.id")
          .select(sql.lit(1).as("one"))
          .whereRef("r.title_id", "=", "t.id")
          .where("l.status", "!=", "disabled"),
      ),
    )
    .orderBy("s.score", "desc")
    .orderBy(sql`coalesce(d.popularity, 0)`, "desc")
    .orderBy("t.uploaded_at", "desc")
    .orderBy("t.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toCard);
}
