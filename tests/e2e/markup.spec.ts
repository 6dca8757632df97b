import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { STATIC_SITEMAP_PATHS } from "#app/modules/seo/sitemap.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { expect, test } from "./fixtures.ts";

const run = promisify(execFile);
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;

/**
 * Errors that belong to the header search box's combobox markup, which another
 * change of the same issue replaces; drop this list when it has landed.
 */
const HEADER_SEARCH_COMBOBOX = [
  "Bad value “combobox” for attribute “role” on element “input”.",
  "Attribute “aria-expanded” not allowed on element “input” at this point.",
];

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

test("the public pages are valid HTML (the Nu Html Checker finds no error)", async ({ request, catalogue }) => {
  test.slow(); // one Java run over every public page
  const film = await catalogue.create(buildMovie({ title: "Markup Film" }));
  const show = await catalogue.create(buildSeries({ title: "Markup Show" }));
  const movieRelease = film.releases[0]!;
  const season = show.releases[0]!;
  const pages = [
    ...STATIC_SITEMAP_PATHS,
    "/?page=2",
    "/?q=night",
    "/search?q=night",
    "/search?q=qqxyzzy",
    "/genre/horror",
    "/genre/horror/movie",
    `/movie/${film.id}/${film.slug}`,
    `/movie/${show.id}/${show.slug}`,
    `/movie/${show.id}/${show.slug}?season=2`,
    `/archive/${show.id}/${season.key}`,
    `/desksync/${film.id}/null/${movieRelease.key}/movie`,
    `/desksync/${show.id}/e${season.files[0]!.id}/${season.key}/tv`,
    `/desksync/${show.id}/${season.id}/${season.key}/tv`,
    `/middleman?id=${movieRelease.files[0]!.links[0]!.id}`,
    "/watchlist",
    "/login",
    "/no/such/page",
  ];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-vnu-"));
  try {
    const files = new Map<string, string>();
    for (const [i, page] of pages.entries()) {
      const response = await request.get(page);
      expect(response.headers()["content-type"], page).toContain("text/html");
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, await response.text());
      files.set(`file:${file}`, page);
    }
    // The checker exits non-zero when it finds errors; its JSON report (on stderr) says which.
    const { stderr } = await run(
      "java",
      ["-jar", vnuJar, "--errors-only", "--format", "json", "--exit-zero-always", ...[...files.keys()].map((f) => f.slice(5))],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
    const errors = messages
      .filter((m) => m.type === "error" && !HEADER_SEARCH_COMBOBOX.includes(m.message))
      .map((m) => `${files.get(m.url) ?? m.url}: ${m.message} ${m.extract ?? ""}`.trim());
    expect(errors).toEqual([]);
    expect(messages.filter((m) => m.type === "non-document-error")).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
