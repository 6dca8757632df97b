// npm run catalogue:import -- FILE [--dry-run] [--format csv|json|ids] [--duplicates update|add]
// Validates the whole file first; with errors nothing is written. A run interrupted
// during apply is resumed by importing the same file again with --resume RUN_ID.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DUPLICATES_AS, IMPORT_FORMATS, type DuplicatesAs, type ImportFileFormat } from "#app/modules/catalogue/import-constants.ts";
import {
  csvHasTooManyTitles,
  decodeImportFile,
  detectFormat,
  TOO_MANY_TITLES,
  type ImportSource,
} from "#app/modules/catalogue/import-format.server.ts";
import type { ImportPlan, ImportRun } from "#app/modules/catalogue/import.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { isAppError } from "#app/utils/errors.ts";
import { plural } from "#app/utils/format.ts";
import { progressReporter } from "./progress.ts";

const usage =
  "Usage: npm run catalogue:import -- FILE [--dry-run] [--format csv|json|ids] [--duplicates update|add]\n       npm run catalogue:import -- --resume RUN_ID";
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      "dry-run": { type: "boolean" },
      // What titles reported as possible duplicates (same name, no id on either side) are: the catalogue's (update) or new (add).
      duplicates: { type: "string" },
      format: { type: "string" },
      resume: { type: "string" },
      help: { type: "boolean" },
    },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
const { values: args, positionals } = parsed;
if (args.help) {
  console.log(usage);
  process.exit(0);
}
const resumeId = args.resume === undefined ? null : Number(args.resume);
if ((resumeId === null && positionals.length !== 1) || (resumeId !== null && (!Number.isSafeInteger(resumeId) || resumeId < 1))) {
  console.error(usage);
  process.exit(1);
}
if (args.duplicates !== undefined && !(DUPLICATES_AS as readonly string[]).includes(args.duplicates)) {
  console.error(`--duplicates takes update or add.\n${usage}`);
  process.exit(1);
}
if (args.format !== undefined && !(IMPORT_FORMATS as readonly string[]).includes(args.format)) {
  console.error(`--format takes csv, json or ids.\n${usage}`);
  process.exit(1);
}

const actor = { id: null, name: "command line" };

function printPlan(plan: ImportPlan) {
  const { titles, links } = plan.counts;
  console.log(`titles: ${titles.create} to add, ${titles.update} to update, ${titles.skip} unchanged`);
  console.log(`links:  ${links.create} to add, ${links.update} to update, ${links.skip} unchanged, ${links.remove} to remove`);
  if (plan.newGenres?.length) console.log(`genres: ${plan.newGenres.length} to add: ${plan.newGenres.join(", ")}`);
  for (const e of plan.duplicates ?? []) console.log(`line ${e.line ?? "-"}: ${e.field}: ${e.message}`);
  for (const e of plan.errors) console.log(`line ${e.line ?? "-"}: ${e.field}: ${e.message}`);
  if (plan.moreErrors) console.log(`… and ${plan.moreErrors} more errors`);
}

async function apply(db: Db, run: ImportRun) {
  const progress = progressReporter("applying", run.total);
  progress(run.done);
  const done = await runImport(db, actor, run.id, { onProgress: (r) => progress(r.done) });
  progress.end();
  console.log(`import ${done.id} done: ${done.created} added, ${done.updated} updated, ${done.skipped} unchanged`);
}

// The file's format, and an oversized CSV refused, before the database and the importer
// are loaded (most of the command's memory): a first pass keeps only the titles' keys.
const file = resumeId === null ? positionals[0]! : null;
let format: ImportFileFormat = "csv";
if (file !== null) {
  try {
    // Enough of the file to tell its format; a CSV is then read as a stream (never whole).
    const fd = fs.openSync(file, "r");
    const buffer = Buffer.alloc(64 * 1024);
    const head = buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.length, 0)).toString("utf8");
    fs.closeSync(fd);
    format = detectFormat(head, file, args.format as ImportFileFormat | undefined);
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    process.exit(1);
  }
  if (format === "csv" && (await csvHasTooManyTitles(fs.createReadStream(file)))) {
    console.error(`${path.basename(file)}: ${TOO_MANY_TITLES} Nothing was imported.`);
    process.exit(1);
  }
}

const { createTmdbClient } = await import("#app/integrations/tmdb/client.server.ts");
const { createImportRun, getImportRun, prepareImport, runImport } = await import("#app/modules/catalogue/import.server.ts");
const { loadConfig } = await import("#server/config.ts");
const { openConfiguredDatabase } = await import("./open.ts");

const database = await openConfiguredDatabase();
try {
  if (file === null) {
    const run = await getImportRun(database.db, resumeId!);
    if (!run) throw new Error(`No import with the id ${resumeId}.`);
    await apply(database.db, run);
  } else {
    // A CSV's bytes are checked to be UTF-8 as they stream in (its dry run reports a bad line); other files whole, here.
    let source: ImportSource = fs.createReadStream(file);
    if (format !== "csv") {
      const { text, errors: encoding } = decodeImportFile(fs.readFileSync(file));
      const bad = encoding[0];
      if (bad) throw new Error(`${path.basename(file)}: line ${bad.line}: ${bad.message} Nothing was imported.`);
      source = text;
    }
    const config = loadConfig();
    const tmdb = config.tmdb ? createTmdbClient(config.tmdb) : null;
    const checking = progressReporter("checking", 0);
    const prepared = await prepareImport(database.db, source, {
      format,
      tmdb,
      duplicates: (args.duplicates as DuplicatesAs | undefined) ?? null,
      onProgress: (n, total) => checking(n, total),
    });
    checking.end();
    console.log(`${path.basename(file)} (${format}): ${plural(prepared.items.length, "title")} read`);
    printPlan(prepared.plan);
    if (prepared.plan.errors.length) {
      console.error("Nothing was imported: fix the errors above and run the import again.");
      process.exitCode = 1;
    } else if (args["dry-run"]) {
      console.log("dry run: nothing was written");
    } else if (prepared.items.length === 0) {
      console.log("nothing to import");
    } else {
      const run = await createImportRun(database.db, actor, { name: path.basename(file), format }, prepared);
      console.log(`import ${run.id} started (if it is interrupted: npm run catalogue:import -- --resume ${run.id})`);
      await apply(database.db, run);
    }
  }
} catch (error) {
  console.error(isAppError(error) || error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
