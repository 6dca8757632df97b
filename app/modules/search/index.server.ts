import { sql, type RawBuilder } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import type { TitleType } from "#app/db/schema.ts";
import { dialectOf } from "#app/db/dialect.server.ts";
import { NO_SIGNALS, popularityScore, popularitySignals } from "./popularity.server.ts";
import { ftsTag } from "./tags.ts";
import { isDictionaryWord, searchDocument, termKeys, yearWord, type SearchDocument } from "./text.ts";

/**
 * Adds the words of these documents that the dictionary lacks, with their deletion
 * keys. Words are never removed: one no title holds any more only costs a lookup.
 */
async function addTerms(trx: Db, docs: SearchDocument[]): Promise<void> {
  const words = new Set<string>();
  for (const doc of docs)
    for (const w of `${doc.title} ${doc.original} ${doc.names} ${doc.alt}`.split(" ")) if (isDictionaryWord(w)) words.add(w);
  const all = [...words];
  for (let i = 0; i < all.length; i += 1_000) {
    const chunk = all.slice(i, i + 1_000);
    const known = new Set((await trx.selectFrom("search_terms").select("term").where("term", "in", chunk).execute()).map((r) => r.term));
    const fresh = chunk.filter((w) => !known.has(w));
    if (fresh.length === 0) continue;
    await trx
      .insertInto("search_terms")
      .values(fresh.map((term) => ({ term })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const keys = fresh.flatMap((term) => termKeys(term).map((key) => ({ key, term })));
    for (let k = 0; k < keys.length; k += 2_000)
      await trx
        .insertInto("search_term_keys")
        .values(keys.slice(k, k + 2_000))
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
}

/**
 * Writes the search rows of these titles (replacing any). Runs inside the caller's
 * transaction, so the index changes together with the titles.
 */
export async function writeSearchDocuments(trx: Db, docs: { titleId: number; doc: SearchDocument; popularity?: number }[]): Promise<void> {
  if (docs.length === 0) return;
  await addTerms(
    trx,
    docs.map((d) => d.doc),
  );
  const ids = docs.map((d) => d.titleId);
  const sqlite = dialectOf(trx) === "sqlite";
  // Bounded by the parameter limits of both databases.
  for (let i = 0; i < docs.length; i += 2_000) {
    const chunk = docs.slice(i, i + 2_000);
    const chunkIds = ids.slice(i, i + 2_000);
    await trx.deleteFrom("search_documents").where("title_id", "in", chunkIds).execute();
    await trx.deleteFrom("search_keys").where("title_id", "in", chunkIds).execute();
    const keyRows = chunk.flatMap(({ titleId, doc }) =>
      [...new Set(doc.keys.split("|").filter(Boolean))].map((key) => ({ key, title_id: titleId })),
    );
    for (let k = 0; k < keyRows.length; k += 2_000)
      await trx
        .insertInto("search_keys")
        .values(keyRows.slice(k, k + 2_000))
        .execute();
    await trx
      .insertInto("search_documents")
      .values(
        chunk.map(({ titleId, doc, popularity }) => ({
          title_id: titleId,
          title: doc.title,
          original: doc.original,
          names: doc.names,
          alt: doc.alt,
          keys: doc.keys,
          popularity: popularity ?? 0,
          year: doc.year,
          tags: doc.tags,
          type: doc.type,
          uploaded_at: doc.uploadedAt,
          rating: doc.rating,
        })),
      )
      .execute();
    if (sqlite) {
      await trx.deleteFrom("search_words").where("rowid", "in", chunkIds).execute();
      await trx
        .insertInto("search_words")
        .values(
          chunk.map(({ titleId, doc }) => ({
            rowid: titleId,
            title: doc.title,
            original: doc.original,
            names: doc.names,
            alt: doc.alt,
            year: yearWord(doc.year),
            tags: doc.tags.split(" ").filter(Boolean).map(ftsTag).join(" "),
          })),
        )
        .execute();
    }
  }
}

/** A title as the catalogue hands it to the index (catalogue/search-index.server.ts reads it). */
export interface IndexedTitle {
  id: number;
  title: string;
  originalTitle: string | null;
  releaseDate: string | null;
  type: TitleType;
  uploadedAt: string;
  rating: number | null;
  /** Credited names, in credit order. */
  names: string[];
  genreIds: number[];
  qualities: string[];
}

/**
 * Recomputes the search rows of these titles from their current fields, credits,
 * genres and release qualities, as the catalogue read them; every catalogue write
 * that changes one of those calls it in its transaction (through the catalogue's
 * indexTitles, which reads the titles: search never queries the catalogue's tables).
 */
export async function writeTitleIndex(trx: Db, titles: IndexedTitle[]): Promise<void> {
  if (titles.length === 0) return;
  const signals = await popularitySignals(
    trx,
    titles.map((t) => t.id),
  );
  await writeSearchDocuments(
    trx,
    titles.map((t) => ({
      titleId: t.id,
      doc: searchDocument({
        title: t.title,
        originalTitle: t.originalTitle,
        releaseDate: t.releaseDate,
        names: t.names,
        type: t.type,
        genreIds: t.genreIds,
        qualities: t.qualities,
        uploadedAt: t.uploadedAt,
        rating: t.rating,
      }),
      popularity: popularityScore(signals.get(t.id) ?? { ...NO_SIGNALS, rating: t.rating }),
    })),
  );
}

/**
 * The outer query's titles that have a search row, as a correlated condition
 * (`not(exists(...))` finds the unindexed ones, one index probe per title).
 */
export function searchRowOf(db: Db, titleId: RawBuilder<number>) {
  return db
    .selectFrom("search_documents")
    .select(sql`1`.as("x"))
    .where("search_documents.title_id", "=", titleId);
}

/** The tables a title's save writes: what a bulk write leaves to tidy. */
export const CATALOGUE_TABLES = [
  "titles",
  "genres",
  "title_genres",
  "credits",
  "title_subtitles",
  "screenshots",
  "releases",
  "files",
  "links",
  "search_documents",
  "search_keys",
  "search_terms",
  "search_term_keys",
] as const;

/**
 * Tidies the tables after a bulk write (seed, import, bulk edit), outside any
 * transaction. PostgreSQL gets `VACUUM (ANALYZE)`: statistics alone are not enough
 * (issue 30: search p95 232 ms after a 10k import with ANALYZE, 13 ms after VACUUM),
 * because freshly written pages are not yet all-visible, so index-only scans fetch
 * every heap row; autovacuum would get there late, or never when it is off. SQLite
 * gets ANALYZE of the same tables and `pragma optimize`.
 */
export async function vacuumAfterBulkWrite(db: Db, tables: readonly string[] = CATALOGUE_TABLES): Promise<void> {
  if (db.isTransaction) throw new Error("vacuumAfterBulkWrite runs outside a transaction");
  if (dialectOf(db) === "postgres") {
    await sql`vacuum (analyze) ${sql.join(tables.map((t) => sql.id(t)))}`.execute(db);
  } else {
    for (const table of tables) await sql`analyze ${sql.id(table)}`.execute(db);
    await sql`pragma optimize`.execute(db);
  }
}
