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

/**
 * How many of the best candidates, per title shown, are checked for a link visitors
 * can see: a title with all its links taken down is rare, so 3 × 12 leaves room.
 */
export const RELATED_CHECKED = 3;

/** What a shared thing weighs: two titles sharing a person or a name are closer than two sharing a genre. */
export const RELATED_WEIGHTS = { person: 2, name: 2, genre: 1 } as const;

type Hits = SelectQueryBuilder<Database, never, { title_id: number; weight: number }>;

/**
 * "More like this": titles sharing this one's public genres, people (directors and
 * leading cast) and name, scored by the weights above; ties go to the more popular,
 * then the newer upload. One statement, reading at most RELATED_CANDIDATES rows
 * per genre, person and name through credits_name_title_idx, titles_lower_title_idx
 * and title_genres_genre_idx; titles with no link visitors can see (taken down or
 * never given one) are left out, as is the title itself. Of the candidates, only the
 * best RELATED_CHECKED × limit are checked for such a link.
 */
export async function relatedTitles(db: Db, title: RelatedSource, limit = RELATED_LIMIT): Promise<TitleCard[]> {
  return (await relatedQuery(db, title, limit).execute()).map(toCard);
}

type RelatedSource = Pick<TitleDetail, "id" | "title" | "genres" | "directors" | "cast">;

/** relatedTitles' statement, unexecuted (for EXPLAIN in bench/related.ts). */
export function relatedQuery(db: Db, title: RelatedSource, limit = RELATED_LIMIT) {
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
  const ranked = db
    .selectFrom(
      db
        .selectFrom(hits.as("h"))
        .select((eb) => ["h.title_id", eb.fn.sum<number | string>("h.weight").as("score")])
        .groupBy("h.title_id")
        .as("s"),
    )
    .innerJoin("titles as t", "t.id", "s.title_id")
    .leftJoin(popularityRows(db).as("d"), "d.title_id", "t.id")
    .select([...cardColumns, "s.score", "t.uploaded_at", sql<number>`coalesce(d.popularity, 0)`.as("popularity")])
    .where("t.id", "!=", title.id)
    .orderBy("s.score", "desc")
    .orderBy("popularity", "desc")
    .orderBy("t.uploaded_at", "desc")
    .orderBy("t.id", "desc")
    .limit(limit * RELATED_CHECKED);
  // Only the best few are checked for a visible link: reading every candidate's links cost most of the time.
  // A scalar subquery with LIMIT 1, not EXISTS: PostgreSQL turns EXISTS into a semi-join that read all 1.1M links (4 s).
  return db
    .selectFrom(ranked.as("c"))
    .selectAll("c")
    .where(
      (eb) =>
        eb
          .selectFrom("releases as r")
          .innerJoin("links as l", "l.release_id", "r.id")
          .select(sql.lit(1).as("one"))
          .whereRef("r.title_id", "=", "c.id")
          .where("l.status", "!=", "disabled")
          .limit(1),
      "is not",
      null,
    )
    .orderBy("c.score", "desc")
    .orderBy("c.popularity", "desc")
    .orderBy("c.uploaded_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit);
}
