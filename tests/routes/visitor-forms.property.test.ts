import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import {
  BROKEN_REPORT_LINK_TYPES,
  BROKEN_REPORT_QUALITIES,
  DMCA_CONTENT_TYPES,
  REQUEST_CONTENT_TYPES,
  REQUEST_QUALITY_OPTIONS,
} from "#app/constants.ts";
import type { Db } from "#app/db/client.server.ts";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { action as brokenLinksAction } from "#app/routes/site/forms/broken-links.tsx";
import { action as contactAction } from "#app/routes/site/forms/contact-us.tsx";
import { action as dmcaAction } from "#app/routes/site/forms/dmca.tsx";
import { action as requestAction } from "#app/routes/site/forms/request.tsx";
import { action as titleAction } from "#app/routes/site/title.tsx";
import { buildMovie } from "#tests/factories/titles.ts";
import { CONTROL_CHARACTER } from "#app/utils/zod.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { postForm } from "#tests/helpers/forms.ts";

// Up to 1,000 arbitrary submissions per form (fewer when the machine is slow) through the real action: unicode, huge
// strings, missing and duplicated fields, arrays for scalars, stray fields and a
// filled honeypot. Every answer is 2xx or 4xx, and every accepted submission
// reads back from the database exactly as it was sent. SQLite here; the same
// actions run on PostgreSQL in visitor-forms.test.ts.

const RUNS = 1_000;
/** A busy machine runs fewer submissions instead of timing out; at least MIN_RUNS must have run. */
const TIME_LIMIT_MS = 70_000;
const MIN_RUNS = 100;
type Fields = Record<string, string | string[]>;

// What the server receives: form encoding turns lone surrogates into U+FFFD.
const received = (value: string) => Buffer.from(value, "utf8").toString("utf8");
const optional = (value: string | string[] | undefined) => (typeof value !== "string" || value.trim() === "" ? null : received(value));

const text = (max: number) =>
  fc.string({ unit: "binary", minLength: 1, maxLength: Math.min(max, 60) }).filter((s) => s.trim() !== "" && !CONTROL_CHARACTER.test(s));
const noise = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constant(""),
  fc.constant("   "),
  fc.string({ maxLength: 8 }).map((s) => `${s}x`.repeat(2_000)),
  fc.constant("a\u0000b"),
);
/** Mostly a good value; sometimes noise, missing (undefined), or sent twice. */
function field(good: fc.Arbitrary<string>) {
  return fc.oneof(
    { weight: 40, arbitrary: good },
    { weight: 1, arbitrary: noise },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.array(good, { minLength: 2, maxLength: 3 }) },
  );
}
function submission(shape: Record<string, fc.Arbitrary<string | string[] | undefined>>): fc.Arbitrary<Fields> {
  return fc
    .tuple(
      fc.record(shape),
      fc.oneof({ weight: 20, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10 }) }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 10 }), { maxKeys: 2 }),
    )
    .map(([fields, website, extra]) => {
      const all: Fields = { ...extra };
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) all[k] = v;
      if (website !== undefined) all.website = website;
      return all;
    });
}

const address = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9_+.-]{0,15}[a-z0-9]$/),
    fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/),
    fc.constantFrom("com", "org", "example"),
  )
  .filter(([local]) => !local.includes(".."))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
// Spaces around an address are allowed (and kept as typed).
const email = fc.oneof({ weight: 4, arbitrary: address }, { weight: 1, arbitrary: address.map((a) => ` ${a} `) });
const year = fc
  .oneof({ weight: 9, arbitrary: fc.integer({ min: 1870, max: 2100 }) }, { weight: 1, arbitrary: fc.integer({ min: 1000, max: 9999 }) })
  .map(String);
const imdb = fc.oneof(
  fc.constant(""),
  fc.integer({ min: 1_000_000, max: 99_999_999 }).map((n) => `https://www.imdb.com/title/tt${n}/`),
);

let database: TestDatabase;
let db: Db;
let title: { id: number; slug: string };
beforeAll(async () => {
  database = await createTestDatabase("sqlite");
  db = database.db;
  title = await createTitle(db, buildMovie());
  return () => database.destroy();
});

type Table = "contact_messages" | "content_request_submissions" | "link_reports" | "dmca_notices";
const rows = async (table: Table) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const latest = (table: Table) =>
  db.selectFrom(table).selectAll().orderBy("id", "desc").executeTakeFirstOrThrow() as Promise<Record<string, unknown>>;

async function check(
  table: Table,
  arbitrary: fc.Arbitrary<Fields>,
  send: (fields: Fields) => ReturnType<typeof postForm>,
  expected: (fields: Fields) => Record<string, unknown>,
) {
  let accepted = 0;
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(arbitrary, async (fields) => {
      runs++;
      const before = await rows(table);
      const { status, result } = await send(fields);
      expect([200, 400]).toContain(status);
      const after = await rows(table);
      if (!result.ok || fields.website !== undefined) {
        expect(after).toBe(before);
        return;
      }
      accepted++;
      expect(after).toBe(before + 1);
      expect(await latest(table)).toMatchObject(expected(fields));
    }),
    { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
  );
  expect(runs).toBeGreaterThanOrEqual(MIN_RUNS);
  // The generators must mostly produce valid submissions, or the read-back checks little.
  expect(accepted).toBeGreaterThan(runs / 4);
}

it("contact form", { timeout: 120_000 }, async () => {
  await check(
    "contact_messages",
    submission({
      name: field(text(200)),
      email: field(email),
      subject: field(fc.oneof(fc.constant(""), text(200))),
      message: field(text(5_000)),
    }),
    (fields) => postForm(contactAction, db, "/contact-us", fields),
    (f) => ({
      name: received(f.name as string),
      email: received(f.email as string),
      subject: optional(f.subject),
      message: received(f.message as string),
    }),
  );
});

it("request form", { timeout: 120_000 }, async () => {
  await check(
    "content_request_submissions",
    submission({
      name: field(text(200)),
      email: field(email),
      type: field(fc.constantFrom(...REQUEST_CONTENT_TYPES)),
      movieSeriesName: field(text(500)),
      year: field(year),
      imdbUrl: field(imdb),
      message: field(fc.oneof(fc.constant(""), text(5_000), fc.constant("é".repeat(5_000)))),
    }),
    (fields) => postForm(requestAction, db, "/request", fields),
    (f) => ({
      source: "form",
      // Only the type and title are required (docs/product/decisions.md): a blank name, e-mail or year is stored as none.
      name: optional(f.name),
      email: optional(f.email),
      content_type: f.type,
      title: received(f.movieSeriesName as string),
      year: optional(f.year),
      imdb_url: optional(f.imdbUrl),
      message: optional(f.message),
    }),
  );
});

it("quick request", { timeout: 120_000 }, async () => {
  await check(
    "content_request_submissions",
    submission({ quality: field(fc.constantFrom(...REQUEST_QUALITY_OPTIONS)) }),
    (fields) => postForm(titleAction, db, titlePath(title), fields, { params: { id: String(title.id), slug: title.slug } }),
    (f) => ({ source: "quick", quality: f.quality, title: expect.any(String) }),
  );
});

it("broken-link report", { timeout: 120_000 }, async () => {
  await check(
    "link_reports",
    submission({
      contentName: field(text(500)),
      seasonEpisode: field(fc.oneof(fc.constant(""), text(100))),
      quality: field(fc.constantFrom(...BROKEN_REPORT_QUALITIES)),
      linkType: field(fc.constantFrom(...BROKEN_REPORT_LINK_TYPES)),
      additionalInfo: field(fc.oneof(fc.constant(""), text(5_000))),
    }),
    (fields) => postForm(brokenLinksAction, db, "/broken-links", fields),
    (f) => ({
      content_name: received(f.contentName as string),
      season_episode: optional(f.seasonEpisode),
      quality: f.quality,
      link_type: f.linkType,
      additional_info: optional(f.additionalInfo),
    }),
  );
});

it("DMCA notice", { timeout: 120_000 }, async () => {
  await check(
    "dmca_notices",
    submission({
      name: field(text(200)),
      email: field(email),
      contentUrl: field(fc.webUrl({ withQueryParameters: true, withFragments: true }).filter((u) => u.length <= 2_000)),
      contentType: field(fc.oneof(fc.constant(""), fc.constantFrom(...DMCA_CONTENT_TYPES))),
      copyrightProof: field(text(5_000)),
      message: field(fc.oneof(fc.constant(""), text(5_000))),
      declaration: field(fc.constant("on")),
    }),
    (fields) => postForm(dmcaAction, db, "/dmca", fields),
    (f) => ({
      name: received(f.name as string),
      email: received(f.email as string),
      content_url: received(f.contentUrl as string),
      content_type: typeof f.contentType === "string" && f.contentType !== "" ? f.contentType : null,
      copyright_proof: received(f.copyrightProof as string),
      message: optional(f.message),
      status: "received",
    }),
  );
});
