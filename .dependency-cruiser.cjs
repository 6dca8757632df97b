/**
 * The import graph's rules (issue 33), run by `npm run lint:deps`. Type-only imports are
 * read too (tsPreCompilationDeps), so the route rule sees them; the cycle rule skips them,
 * as they are erased before the code runs.
 * @type {import("dependency-cruiser").IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-runtime-cycle",
      severity: "error",
      comment:
        "A runtime import cycle: modules that load each other see half-initialised exports. Move what both need into a third module.",
      from: {},
      to: { circular: true, dependencyTypesNot: ["type-only"], viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "no-route-imports",
      severity: "error",
      comment:
        "Only route modules (and tests) import route modules: app/routes.ts names them by path. Move what is shared into app/components, app/modules or app/utils.",
      // Tests call loaders and actions directly.
      from: { pathNot: ["^app/routes/", "^tests/", "[.]test[.]tsx?$"] },
      to: { path: "^app/routes/" },
    },
    {
      name: "http-above-modules",
      severity: "error",
      comment:
        "app/http holds the HTTP kits (form kit, visitor-form pipeline, API kit, guards) that routes and the server use. Modules, components and utils sit below it: pass them plain values instead.",
      from: { path: "^app/(modules|components|utils)/", pathNot: ["[.]test[.]tsx?$"] },
      to: { path: "^app/http/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
