import { openDatabase } from "#app/db/client.server.ts";
import { searchCatalogue } from "#app/modules/search/search.server.ts";
import { indexMissingTitles } from "#app/modules/search/index.server.ts";
const h = openDatabase({ dialect: "sqlite", file: "bench/.cache/cinedex_bench_100000.db" });
const db = h.db;
const titles = (await db.selectFrom("titles").select("title").where("id", "in", [5, 500, 5000, 50000, 77777]).execute()).map((t) => t.title);
console.log(titles);
const words = (await db.selectFrom("search_terms").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst());
const keys = (await db.selectFrom("search_term_keys").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst());
console.log(words, keys);
for (const text of [...titles, titles[0]!.slice(0, 4), "the", "night", "zzqx wyvern", titles[1]!.replace(/a/, "e")]) {
  const t0 = performance.now();
  const r = await searchCatalogue(db, { text });
  console.log(text, r.total, r.items.slice(0, 2).map((i) => i.title), (performance.now() - t0).toFixed(1), "ms");
}
await h.close();
