import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Zod is configured once for the browser's CSP (app/utils/zod.ts); types may come straight from it. */
const ZOD = { name: "zod", message: "Import z from #app/utils/zod.ts.", allowTypeImports: true };

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/", "bench/.cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Type-aware rules (floating promises) read the project's tsconfig.
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js", ".dependency-cruiser.cjs", "scripts/*.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // A promise nobody awaits loses its errors (an unhandled rejection ends the process).
      "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: true }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [ZOD],
          patterns: [{ group: ["../*", "../../*"], message: "Import across folders with the #app/, #db/, #server/ or #tests/ aliases." }],
        },
      ],
    },
  },
  {
    files: ["app/utils/zod.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    // Migrations see the schema as it was when they were written, not the app's types (Kysely's advice).
    files: ["db/migrations/**/*.ts", "db/migrate.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Route modules stay thin: data access goes through app/modules.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "kysely", message: "Routes call module functions in app/modules; no SQL in routes." }, ZOD],
          patterns: [{ group: ["../*", "../../*"], message: "Use the #app/ alias." }],
        },
      ],
    },
  },
);
