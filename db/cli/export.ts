// npm run catalogue:export -- [FILE]   (standard output without FILE)
import fs from "node:fs";
import { exportCatalogue, exportText } from "#app/modules/catalogue/export.server.ts";
import { openConfiguredDatabase } from "./open.ts";

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith("-")) {
  console.error("Usage: npm run catalogue:export -- [FILE]");
  process.exit(args[0] === "--help" ? 0 : 1);
}
const file = args[0];
const database = await openConfiguredDatabase();
try {
  const doc = await exportCatalogue(database.db);
  const text = exportText(doc);
  if (file) {
    fs.writeFileSync(file, text);
    console.error(`exported ${doc.titles.length} titles to ${file}`);
  } else {
    process.stdout.write(text);
  }
} catch (error) {
  console.error(`Export failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
