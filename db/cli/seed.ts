// npm run db:seed                       adds the demo titles missing from the catalogue
// npm run db:seed -- --synthetic 100000 adds that many generated titles (benchmarks)
import { parseArgs } from "node:util";
import { countTitles, seedDemoCatalogue, seedSynthetic } from "#db/seed/seed.ts";
import { openConfiguredDatabase } from "./open.ts";

const usage = "Usage: npm run db:seed [-- --synthetic <count> [--seed <number>]]";
let args;
try {
  args = parseArgs({ options: { synthetic: { type: "string" }, seed: { type: "string" }, help: { type: "boolean" } } }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
const count = args.synthetic === undefined ? null : Number(args.synthetic);
const seed = args.seed === undefined ? undefined : Number(args.seed);
if ((count !== null && (!Number.isSafeInteger(count) || count < 1)) || (seed !== undefined && !Number.isSafeInteger(seed))) {
  console.error(`--synthetic takes a positive whole number and --seed a whole number.\n${usage}`);
  process.exit(1);
}

const database = await openConfiguredDatabase();
const started = performance.now();
if (count === null) {
  const { added, kept, artwork } = await seedDemoCatalogue(database.db);
  console.log(
    `demo catalogue: added ${added} titles, ${kept} already present, ${artwork} given their poster or trailer (${database.location})`,
  );
} else {
  let last = 0;
  const result = await seedSynthetic(database.db, count, {
    seed,
    onProgress(done, total) {
      if (process.stdout.isTTY && (done - last >= 5_000 || done === total)) {
        last = done;
        process.stdout.write(`\r${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} titles`);
      }
    },
  });
  if (process.stdout.isTTY) process.stdout.write("\n");
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `synthetic: ${result.titles.toLocaleString("en-US")} titles (${result.rows.toLocaleString("en-US")} rows) in ${seconds.toFixed(1)} s; ` +
      `catalogue now holds ${(await countTitles(database.db)).toLocaleString("en-US")} titles (${database.location})`,
  );
}
await database.close();
