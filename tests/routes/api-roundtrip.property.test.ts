import fc from "fast-check";
import { expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import type { LoaderArgs } from "#app/http/api.server.ts";
import { API_BASE_PATH } from "#app/modules/api/operations.ts";
import { createApiToken } from "#app/modules/api/tokens.server.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { actorOf } from "#app/modules/auth/accounts.server.ts";
import { action as linkAction } from "#app/routes/api/v1/link.ts";
import { action as titleAction, loader as titleLoader } from "#app/routes/api/v1/title.ts";
import { action as titlesAction } from "#app/routes/api/v1/titles.ts";
import { signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { freshAddress } from "#tests/helpers/forms.ts";
import { routeArgs, routeContext } from "#tests/helpers/route.ts";

// Issue 29, item 4: GET → PUT unchanged is a no-op for every writable resource
// (titles with their releases, files and links; a link's status), on random valid
// titles shaped like a real catalogue's: remakes sharing a name, long and
// non-Latin titles, hidden genres, disabled and broken links, zip links.

const SITE = "https://cinedex.example";
/** A busy machine runs fewer titles instead of timing out; at least MIN_RUNS must have run. */
const RUNS = 40;
const TIME_LIMIT_MS = 60_000;
const MIN_RUNS = 8;

type Handler = (args: LoaderArgs) => Promise<Response> | Response;
type Json = Record<string, unknown>;
interface LinkBody {
  id: number;
  url: string;
  href: string;
  status: string;
}
interface TitleBody extends Json {
  id: number;
  updatedAt: string;
  releases: { id: number; files: { id: number; links: LinkBody[] }[]; zipLinks: LinkBody[] }[];
}

async function call(
  db: Db,
  handler: Handler,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; id?: number; type?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["Content-Type"] = options.type ?? "application/json";
  const request = new Request(`${SITE}${API_BASE_PATH}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const context = routeContext(db, { publicUrl: SITE, clientAddress: freshAddress() });
  const response = await handler(routeArgs<LoaderArgs>(request, context, options.id === undefined ? {} : { id: String(options.id) }));
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as TitleBody };
}

// Names as catalogues have them: Latin with accents and punctuation, Cyrillic, Japanese, Arabic, Devanagari, emoji.
const WORDS = [
  "Night",
  "Noche",
  "Ночь",
  "夜",
  "ليلة",
  "रात",
  "Café",
  "L'Été",
  "O'Brien",
  "Déjà",
  "🎬",
  "Vu",
  "2",
  "Part",
  "Ⅱ",
  "Ōkami",
  "Straße",
];
const name = (maxWords: number) => fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: maxWords }).map((w) => w.join(" "));
const longName = fc.tuple(name(4), fc.integer({ min: 200, max: 290 })).map(([n, len]) => `${n} ${"ア".repeat(len)}`.slice(0, 300).trim());
const titleName = fc.oneof({ weight: 4, arbitrary: name(5) }, { weight: 1, arbitrary: longName });
const optionalText = fc.option(name(8), { nil: null });
const GENRES = ["Horror", "Drama", "Ужасы", "ドラマ", "Ciencia ficción", "Hidden Gems"];
const status = fc.constantFrom("ok", "ok", "broken", "disabled");
const label = fc.constantFrom("gdrive", "instant", "gofile", "pixeldrain", "mega");
const hostUrl = fc
  .tuple(
    fc.constantFrom("https://drive.example", "https://files.example.net", "http://mirror.example"),
    fc.stringMatching(/^[a-zA-Z0-9_-]{1,24}$/),
  )
  .map(([host, path]) => `${host}/${path}`);
const fileLink = fc.record({ label, url: hostUrl, status });
const zipLink = fc.record({ label, url: hostUrl, status, size: fc.option(fc.constantFrom("4.2 GB", "700 MB"), { nil: null }) });
const release = (quality: string, season: string | null) =>
  fc.record({
    quality: fc.constant(quality),
    season: fc.constant(season),
    files: fc.array(
      fc.record({
        title: name(4),
        size: fc.option(fc.constantFrom("1.2 GB", "350 MB"), { nil: null }),
        links: fc.array(fileLink, { maxLength: 3 }),
      }),
      { maxLength: 3 },
    ),
    zipLinks: fc.array(zipLink, { maxLength: 2 }),
  });
const releases = fc
  .uniqueArray(fc.tuple(fc.constantFrom("480p", "720p", "1080p", "2160p"), fc.constantFrom(null, "Season 1", "Season 2")), {
    maxLength: 3,
    selector: ([q, s]) => `${q}/${s}`,
  })
  .chain((keys) => fc.tuple(...keys.map(([q, s]) => release(q, s))));

let serial = 0;
const title = fc
  .record({
    type: fc.constantFrom("movie", "tv"),
    title: titleName,
    originalTitle: optionalText,
    overview: optionalText,
    tagline: optionalText,
    releaseDate: fc.option(fc.date({ min: new Date("1920-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }), { nil: null }),
    runtimeMinutes: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
    rating: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null }),
    adult: fc.boolean(),
    language: fc.option(fc.constantFrom("English", "日本語", "Русский"), { nil: null }),
    featured: fc.boolean(),
    featuredOrder: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
    genres: fc.subarray(GENRES),
    directors: fc.array(name(3), { maxLength: 2 }),
    cast: fc.array(fc.record({ name: name(3), character: fc.option(name(2), { nil: null }) }), { maxLength: 3 }),
    subtitles: fc.subarray(["English", "Español", "日本語"]),
    screenshots: fc.array(hostUrl, { maxLength: 3 }),
    releases,
    remake: fc.boolean(),
  })
  .map(({ releaseDate, remake, ...t }) => {
    serial++;
    return {
      ...t,
      // A remake shares its original's name (and so competes for its slug); ids stay unique.
      title: remake ? "Night of the Living Dead" : t.title,
      tmdbId: 900_000 + serial,
      imdbId: `tt${String(9_000_000 + serial)}`,
      releaseDate: releaseDate?.toISOString().slice(0, 10) ?? null,
    };
  });

/** Every link of a title, as [id, url]. */
const links = (t: TitleBody) => t.releases.flatMap((r) => [...r.files.flatMap((f) => f.links), ...r.zipLinks]);

describeEachDatabase("GET → PUT round trips of the write API", (ctx) => {
  async function writer() {
    const { admin } = await signIn(ctx.db);
    await ctx.db.insertInto("genres").values({ name: "Hidden Gems", slug: "hidden-gems", position: 99, hidden: true }).execute();
    return (await createApiToken(ctx.db, actorOf(admin), { name: "sync", scope: "catalogue:write", expiry: "never" })).secret;
  }

  it("PUT of what GET answered a writer, a no-op PATCH and a link's own status change nothing: ids, addresses, every field", async () => {
    const token = await writer();
    const started = Date.now();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(title, async (input) => {
        if (runs >= MIN_RUNS && Date.now() - started > TIME_LIMIT_MS) return;
        runs++;
        const created = await call(ctx.db, titlesAction, "POST", "/titles", { token, body: input });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.id;
        const read = await call(ctx.db, titleLoader, "GET", `/titles/${id}`, { token, id });
        expect(read.status).toBe(200);
        expect(read.body).toEqual(created.body);
        // The real addresses, disabled links included, as sent.
        expect(
          links(read.body)
            .map((l) => l.url)
            .sort(),
        ).toEqual(
          input.releases
            .flatMap((r) => [...r.files.flatMap((f) => f.links), ...r.zipLinks])
            .map((l) => l.url)
            .sort(),
        );

        const put = await call(ctx.db, titleAction, "PUT", `/titles/${id}`, { token, body: read.body, id });
        expect(put.status, JSON.stringify(put.body)).toBe(200);
        expect(put.body).toEqual(read.body);
        const patch = await call(ctx.db, titleAction, "PATCH", `/titles/${id}`, {
          token,
          body: {},
          id,
          type: "application/merge-patch+json",
        });
        expect(patch.status).toBe(200);
        for (const link of links(read.body).slice(0, 2)) {
          const same = await call(ctx.db, linkAction, "PATCH", `/links/${link.id}`, { token, body: { status: link.status }, id: link.id });
          expect(same.body).toMatchObject({ id: link.id, url: link.url, status: link.status });
        }
        const again = await call(ctx.db, titleLoader, "GET", `/titles/${id}`, { token, id });
        expect(again.body).toEqual(read.body);
      }),
      { numRuns: RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(MIN_RUNS);
    // Nothing was written by the round trips: only the creations are audited.
    const audit = await listAudit(ctx.db, { entityType: "title", perPage: 1000 });
    expect(audit.items.every((e) => e.action === "title.create")).toBe(true);
  }, 120_000);

  it("PUT of what an anonymous GET answered keeps each link's id and real address, and PATCH changes only what it names", async () => {
    const token = await writer();
    const input = fc.sample(title, { numRuns: 1, seed: 29 })[0]!;
    input.releases = [
      {
        quality: "1080p",
        season: null,
        files: [{ title: "Main", size: null, links: [{ label: "gdrive", url: "https://drive.example/real", status: "ok" }] }],
        zipLinks: [{ label: "mega", url: "https://mega.example/zip", status: "ok", size: "4.2 GB" }],
      },
    ];
    const { body: created } = await call(ctx.db, titlesAction, "POST", "/titles", { token, body: input });
    const id = created.id;
    const anonymous = await call(ctx.db, titleLoader, "GET", `/titles/${id}`, { id });
    // The public view hides the hosts.
    expect(links(anonymous.body).map((l) => l.url)).toEqual(links(created).map((l) => `${SITE}/middleman?id=${l.id}`));
    expect(JSON.stringify(anonymous.body)).not.toContain("drive.example/real");
    const put = await call(ctx.db, titleAction, "PUT", `/titles/${id}`, { token, body: anonymous.body, id });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(links(put.body).map((l) => [l.id, l.url])).toEqual(links(created).map((l) => [l.id, l.url]));

    // A link without its url keeps it too; the site's page for another link, or without an id, is refused by field.
    const file = created.releases[0]!.files[0]!;
    const withBody = (linkBody: Json) => ({ ...created, releases: [{ ...created.releases[0], files: [{ ...file, links: [linkBody] }] }] });
    const bare = await call(ctx.db, titleAction, "PUT", `/titles/${id}`, {
      token,
      body: withBody({ id: file.links[0]!.id, label: "gdrive" }),
      id,
    });
    expect(links(bare.body)[0]).toMatchObject({ id: file.links[0]!.id, url: "https://drive.example/real" });
    const stolen = await call(ctx.db, titleAction, "PUT", `/titles/${id}`, {
      token,
      body: withBody({ label: "gdrive", url: `${SITE}/middleman?id=${file.links[0]!.id}` }),
      id,
    });
    expect(stolen.status).toBe(400);
    expect((stolen.body as unknown as { invalidParams: { name: string }[] }).invalidParams[0]!.name).toBe("releases.0.files.0.links.0.url");

    // PATCH: a merge patch of the stored title.
    const before = await call(ctx.db, titleLoader, "GET", `/titles/${id}`, { token, id });
    const patched = await call(ctx.db, titleAction, "PATCH", `/titles/${id}`, {
      token,
      body: { tagline: "Новая ночь", overview: null, featured: !before.body.featured },
      id,
      type: "application/merge-patch+json",
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const { updatedAt: _a, tagline: _t, overview: _o, featured: _f, ...rest } = patched.body;
    const { updatedAt: _b, tagline: _t2, overview: _o2, featured: _f2, ...restBefore } = before.body;
    expect(rest).toEqual(restBefore);
    expect(patched.body).toMatchObject({ tagline: "Новая ночь", overview: null, featured: !before.body.featured });
    const invalid = await call(ctx.db, titleAction, "PATCH", `/titles/${id}`, { token, body: { title: null }, id });
    expect(invalid.status).toBe(400);
    expect((invalid.body as unknown as { invalidParams: { name: string }[] }).invalidParams[0]!.name).toBe("title");
    const notObject = await call(ctx.db, titleAction, "PATCH", `/titles/${id}`, { token, body: [1], id });
    expect(notObject.status).toBe(400);
  });
});
