// Module folders under app/modules must not load each other in a circle (issue 33).
// dependency-cruiser cannot state a rule over folders (its `collapse` merges a folder's
// dependency types, so a type-only import cannot be told from a runtime one), so the
// files' graph is cruised here and folded into folders with type-only imports left out.
import path from "node:path";
import { cruise, type IModule } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

const ROOT = path.join(import.meta.dirname, "..", "..");
const MODULE = /^app\/modules\/([^/]+)\//;

/** Folder → folder edges of runtime imports, each with one file-level import that makes it. */
function folderEdges(modules: IModule[]): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of modules) {
    const from = MODULE.exec(file.source)?.[1];
    if (!from) continue;
    for (const dep of file.dependencies) {
      const to = MODULE.exec(dep.resolved)?.[1];
      if (!to || to === from || dep.dependencyTypes.includes("type-only")) continue;
      const targets = edges.get(from) ?? new Map<string, string>();
      if (!targets.has(to)) targets.set(to, `${file.source} → ${dep.resolved}`);
      edges.set(from, targets);
    }
  }
  return edges;
}

/** Each elementary cycle once, as the folders in order starting from the smallest name (small graph: a DFS per start). */
function cycles(edges: Map<string, Map<string, string>>): string[][] {
  const found: string[][] = [];
  const starts = [...edges.keys()].sort();
  for (const start of starts) {
    const walk = (node: string, trail: string[]) => {
      for (const next of edges.get(node)?.keys() ?? []) {
        if (next === start) found.push(trail);
        else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return found;
}

describe("module folders", () => {
  it("do not import each other in a cycle at runtime", async () => {
    const options = await extractDepcruiseOptions(path.join(ROOT, ".dependency-cruiser.cjs"));
    const tsConfig = path.join(ROOT, "tsconfig.json");
    const result = await cruise(
      ["app/modules"],
      // Tests do not run in the site.
      {
        ...options,
        baseDir: ROOT,
        tsConfig: { fileName: tsConfig },
        ruleSet: undefined,
        validate: false,
        exclude: { path: "[.]test[.]tsx?$" },
      },
      {},
      { tsConfig: extractTSConfig(tsConfig) },
    );
    if (typeof result.output === "string") throw new Error("dependency-cruiser returned text, not a graph");
    const edges = folderEdges(result.output.modules);
    const report = cycles(edges).map((cycle) =>
      [...cycle, cycle[0]!]
        .slice(1)
        .map((to, i) => `${cycle[i]} → ${to} (${edges.get(cycle[i]!)!.get(to)})`)
        .join("\n    "),
    );
    expect(report, `runtime cycles between module folders:\n  ${report.join("\n  ")}`).toEqual([]);
  });
});
