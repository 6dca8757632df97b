// The docs cannot drift from the tree: every repository path they (or the code's
// comments) cite exists, the README's layout map names every module, and every
// variable the server reads is in .env.example and the README's configuration table.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "#server/config.ts";

const ROOT = path.join(import.meta.dirname, "..", "..");
const CODE_FOLDERS = ["app", "server", "db", "tests", "scripts", "bench"];
/** Folders a run creates and git ignores: cited, but absent from a fresh clone. */
const GENERATED = new Set(["bench/.cache"]);

function read(rel: string): string {
  return fs.readFileSync(path.join(ROOT, rel), "utf8");
}

/** Files under a folder, relative to the root; hidden folders (caches) and fixtures skipped. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || entry.name === "node_modules" || entry.name === "fixtures") return [];
    const rel = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(rel) : [rel];
  });
}

/**
 * A path from the root in one of the repository's top folders: not preceded by a
 * character that makes it part of another path or an import alias (`#app/…`,
 * `build/server/…`, a URL), and not followed by a placeholder (`<domain>`, `*`,
 * `${…}`, `{id}`, `…`), which stands for many paths.
 */
const CITED_PATH = /(?<![\w#@./~-])((?:docs|app|server|db|scripts|bench|tests)\/[\w./-]*[\w/])(?![\w/<*{$…])/g;

export function citedPaths(text: string): { path: string; line: number }[] {
  return [...text.matchAll(CITED_PATH)].map((match) => ({
    path: match[1]!.replace(/\/$/, ""),
    line: text.slice(0, match.index).split("\n").length,
  }));
}

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  expect(start, `README has a "${heading}" section`).toBeGreaterThan(-1);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/^#{1,2} /m);
  return end === -1 ? rest : rest.slice(0, end);
}

describe("the docs", () => {
  it("cite only repository paths that exist", () => {
    const docs = [...filesUnder("docs").filter((f) => f.endsWith(".md")), "README.md", "CONTRIBUTING.md"];
    const code = CODE_FOLDERS.flatMap(filesUnder).filter((f) => /\.(ts|tsx|mjs)$/.test(f));
    const missing = [...docs, ...code].flatMap((file) =>
      citedPaths(read(file))
        .filter(({ path: cited }) => !GENERATED.has(cited) && !fs.existsSync(path.join(ROOT, cited)))
        .map(({ path: cited, line }) => `${file}:${line} cites ${cited}`),
    );
    expect(missing).toEqual([]);
  });

  it("find a cited path only where it is one", () => {
    expect(citedPaths("see `docs/decisions/028-job-runner.md` and app/modules/jobs/, line 2\nserver/config.ts")).toEqual([
      { path: "docs/decisions/028-job-runner.md", line: 1 },
      { path: "app/modules/jobs", line: 1 },
      { path: "server/config.ts", line: 2 },
    ]);
    // Import aliases, deeper paths, URLs and placeholders are not repository paths.
    expect(
      citedPaths('import "#app/x.ts"; build/server/index.js https://a.example/docs/x.md app/modules/<domain>/ app/routes/${name}'),
    ).toEqual([]);
  });

  it("map every module folder in the README's layout", () => {
    const layout = section(read("README.md"), "## Layout");
    const mapped = new Set([...layout.matchAll(/^app\/modules\/([\w-]+)\//gm)].map((m) => m[1]));
    const modules = fs
      .readdirSync(path.join(ROOT, "app", "modules"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((name) => !mapped.has(name))).toEqual([]);
  });

  it("list every variable the server reads in .env.example and the README's configuration table", () => {
    const example = read(".env.example");
    const table = section(read("README.md"), "## Configuration")
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split("|")[1]!);
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(0);
    expect(CONFIG_VARIABLES.filter((name) => !new RegExp(`^#? ?${name}=`, "m").test(example))).toEqual([]);
    expect(CONFIG_VARIABLES.filter((name) => !table.some((cell) => cell.includes(`\`${name}\``)))).toEqual([]);
  });
});
