import { expect, it } from "vitest";
import { locatorFromBuffer } from "#app/integrations/geoip/geoip.server.ts";
import { linkDetailsPath, titlePath } from "#app/modules/catalogue/paths.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { clientHash } from "#app/modules/inbox/client.server.ts";
import { createNotifier } from "#app/modules/inbox/notify.server.ts";
import { FORM_RATE_LIMIT, SUBMISSION_ID_INVALID } from "#app/http/visitor-form.server.ts";
import { SUBMISSION_ID_FIELD } from "#app/modules/inbox/submission-id.ts";
import { DatabaseUnavailableError } from "#app/utils/errors.ts";
import { getLastDeliveryFailure, updateNotifySettings } from "#app/modules/inbox/notify-settings.server.ts";
import { CONTACT_MESSAGES } from "#app/modules/inbox/contact/schema.ts";
import { DMCA_MESSAGES } from "#app/modules/inbox/dmca/schema.ts";
import { RATE_LIMITED } from "#app/modules/inbox/forms.ts";
import { HONEYPOT_FIELD } from "#app/modules/inbox/honeypot.ts";
import { REPORT_MESSAGES } from "#app/modules/inbox/reports/schema.ts";
import { QUICK_REQUEST_MESSAGES } from "#app/modules/inbox/requests/messages.ts";
import { askedCountMessage, REQUEST_MESSAGES } from "#app/modules/inbox/requests/schema.ts";
import { action as brokenLinksAction, loader as brokenLinksLoader } from "#app/routes/site/forms/broken-links.tsx";
import { action as contactAction } from "#app/routes/site/forms/contact-us.tsx";
import { action as dmcaAction } from "#app/routes/site/forms/dmca.tsx";
import { action as requestAction } from "#app/routes/site/forms/request.tsx";
import { action as requestTitleAction } from "#app/routes/api/request-title.ts";
import { action as titleAction } from "#app/routes/site/title.tsx";
import { action as searchAction } from "#app/routes/site/search.tsx";
import { createTmdbClient } from "#app/integrations/tmdb/client.server.ts";
import { BODY_UNREADABLE } from "#app/http/form.server.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { freshAddress, postForm } from "#tests/helpers/forms.ts";
import { FIXTURE_PLACES, fixtureMmdb } from "#tests/helpers/mmdb.ts";
import { routeArgs, routeContext } from "#tests/helpers/route.ts";
import { loseNextCommitAcknowledgement } from "#tests/helpers/lost-commit.ts";

const SECRET = "test-session-secret-that-is-long-enough-0123456789";
const contact = { name: "Ann Lee", email: "ann@example.com", subject: "Hello", message: "A message\r\nover two lines." };
const requestForm = {
  name: "Bo",
  email: "bo@example.com",
  type: "Movie",
  movieSeriesName: "The Matrix",
  year: "1999",
  imdbUrl: "",
  message: "",
};
const report = {
  contentName: "Night of the Test",
  seasonEpisode: "",
  quality: "720p",
  linkType: "Google Drive",
  additionalInfo: "404 page",
};
const dmca = {
  name: "Rights Holder",
  email: "legal@studio.example",
  contentUrl: "https://elsewhere.example/copy",
  contentType: "Movie",
  copyrightProof: "Registration PA-123",
  message: "",
  declaration: "on",
};

const count = async (
  db: Parameters<typeof createTitle>[0],
  table: "contact_messages" | "content_requests" | "content_request_submissions" | "link_reports" | "dmca_notices",
) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDatabase("visitor forms", (ctx) => {
  it("contact: stores the message exactly as typed and answers with the spec's success text", async () => {
    const address = freshAddress();
    const { status, result } = await postForm(contactAction, ctx.db, "/contact-us", contact, { context: { clientAddress: address } });
    expect(status).toBe(200);
    expect(result).toEqual({
      ok: true,
      message: "Message sent successfully! We'll get back to you soon.",
      received: "We received your message “Hello” and will reply to ann@example.com.",
      detail: null,
    });
    const row = await ctx.db.selectFrom("contact_messages").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Ann Lee", email: "ann@example.com", subject: "Hello", message: contact.message, status: "new" });
    expect(row.client_hash).toBe(clientHash(address, SECRET));
    expect(JSON.stringify(row)).not.toContain(address);
  });

  it("contact: refuses missing fields and a bad address with the spec's messages, keeping what was typed", async () => {
    const missing = await postForm(contactAction, ctx.db, "/contact-us", { name: " ", email: "", subject: "Kept", message: "" });
    expect(missing.status).toBe(400);
    expect(missing.result).toMatchObject({
      ok: false,
      error: CONTACT_MESSAGES.required,
      fields: {
        name: ["Please fill in all required fields."],
        email: ["Please fill in all required fields."],
        message: ["Please fill in all required fields."],
      },
      values: { name: " ", subject: "Kept" },
    });
    const badEmail = await postForm(contactAction, ctx.db, "/contact-us", { ...contact, email: "ann@nowhere" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.result).toMatchObject({ fields: { email: ["Please enter a valid email address."] }, values: { email: "ann@nowhere" } });
    expect(await count(ctx.db, "contact_messages")).toBe(0);
  });

  it("request: every field's spec message; only the type and title are required", async () => {
    const empty = await postForm(requestAction, ctx.db, "/request", {});
    expect(empty.status).toBe(400);
    // Name, e-mail and year are optional (docs/product/decisions.md "Visitor forms").
    expect((empty.result as { fields: object }).fields).toEqual({
      type: ["Please select content type"],
      movieSeriesName: ["Please enter the name of the content"],
    });
    const wrong = await postForm(requestAction, ctx.db, "/request", {
      ...requestForm,
      email: "bo@",
      type: "Series",
      movieSeriesName: "",
      year: "99",
      imdbUrl: "https://example.com/title/tt0133093/",
    });
    expect(wrong.result).toMatchObject({
      fields: {
        email: ["Please enter a valid email address"],
        movieSeriesName: ["Please enter the name of the series"],
        year: ["Please enter a valid 4-digit year"],
        imdbUrl: ["Invalid URL or something went wrong. Please check the IMDB URL and try again."],
      },
      values: { year: "99", type: "Series" },
    });
    const letters = await postForm(requestAction, ctx.db, "/request", { ...requestForm, year: "19a9" });
    expect(letters.result).toMatchObject({ fields: { year: [REQUEST_MESSAGES.yearInvalid] } });
    expect(await count(ctx.db, "content_requests")).toBe(0);
  });

  it("request: the title and type alone are enough; nothing typed is stored as nothing, and the echo says only what was sent", async () => {
    const bare = await postForm(requestAction, ctx.db, "/request", {
      type: "Series",
      movieSeriesName: "Paprika",
      name: " ",
      email: "",
      year: "",
    });
    expect(bare.status).toBe(200);
    expect(bare.result).toEqual({
      ok: true,
      message: "Your request has been submitted successfully!",
      received: "We received your request for “Paprika”.",
      detail: "You are the first to ask for this title.",
    });
    const row = await ctx.db.selectFrom("content_requests").select(["title", "year", "email", "content_type"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: "Paprika", year: null, email: null, content_type: "Series" });
    const asked = await ctx.db.selectFrom("content_request_submissions").select(["name", "email", "year"]).executeTakeFirstOrThrow();
    expect(asked).toEqual({ name: null, email: null, year: null });
    // Typed, they are still checked.
    const wrong = await postForm(requestAction, ctx.db, "/request", {
      type: "Movie",
      movieSeriesName: "Paprika",
      email: "bo@",
      year: "06",
    });
    expect(wrong.result).toMatchObject({
      fields: { email: [REQUEST_MESSAGES.emailInvalid], year: [REQUEST_MESSAGES.yearInvalid] },
    });
  });

  it("request: merges the same title and year, or the same IMDb id, tells how many asked, and keeps each asker's typed values", async () => {
    const first = await postForm(requestAction, ctx.db, "/request", { ...requestForm, imdbUrl: "https://www.imdb.com/title/tt0133093/" });
    expect(first.result).toEqual({
      ok: true,
      message: "Your request has been submitted successfully!",
      received: "We received your request for “The Matrix” (1999). We will write to bo@example.com when it is added.",
      detail: "You are the first to ask for this title.",
    });
    // An admin has read it; a new asker makes it unread again.
    await ctx.db.updateTable("content_requests").set({ read_at: new Date().toISOString() }).execute();
    const second = await postForm(requestAction, ctx.db, "/request", {
      ...requestForm,
      name: "Cy",
      email: "cy@example.com",
      movieSeriesName: "  the MATRIX ",
      message: "Please!",
    });
    expect(second.result).toMatchObject({ ok: true, detail: "2 people have asked for this title." });
    expect((await ctx.db.selectFrom("content_requests").select("read_at").executeTakeFirstOrThrow()).read_at).toBeNull();
    const third = await postForm(requestAction, ctx.db, "/request", {
      ...requestForm,
      email: "di@example.com",
      movieSeriesName: "Matrix",
      year: "2000",
      imdbUrl: "https://m.imdb.com/title/tt0133093",
    });
    expect(third.result).toMatchObject({ detail: "3 people have asked for this title." });
    const other = await postForm(requestAction, ctx.db, "/request", { ...requestForm, year: "2021" });
    expect(other.result).toMatchObject({ detail: "You are the first to ask for this title." });

    const requests = await ctx.db
      .selectFrom("content_requests")
      .select(["id", "title", "year", "imdb_id", "request_count", "source"])
      .orderBy("id")
      .execute();
    expect(requests.map((r) => [r.title, Number(r.year), r.imdb_id, Number(r.request_count), r.source])).toEqual([
      ["The Matrix", 1999, "tt0133093", 3, "form"],
      ["The Matrix", 2021, null, 1, "form"],
    ]);
    const asked = await ctx.db
      .selectFrom("content_request_submissions")
      .select(["request_id", "source", "name", "title", "year", "imdb_url", "message", "client_hash"])
      .orderBy("id")
      .execute();
    expect(asked.map((s) => [Number(s.request_id), s.name, s.title, s.year, s.imdb_url, s.message])).toEqual([
      [Number(requests[0]!.id), "Bo", "The Matrix", "1999", "https://www.imdb.com/title/tt0133093/", null],
      [Number(requests[0]!.id), "Cy", "  the MATRIX ", "1999", null, "Please!"],
      [Number(requests[0]!.id), "Bo", "Matrix", "2000", "https://m.imdb.com/title/tt0133093", null],
      [Number(requests[1]!.id), "Bo", "The Matrix", "2021", null, null],
    ]);
    expect(asked.every((s) => s.source === "form" && /^[0-9a-f]{64}$/.test(s.client_hash ?? ""))).toBe(true);
  });

  it("request: counts people, not submissions; the same e-mail or, without one, the same address asks again", async () => {
    const first = await postForm(requestAction, ctx.db, "/request", requestForm);
    expect(first.result).toMatchObject({ detail: "You are the first to ask for this title." });
    await ctx.db.updateTable("content_requests").set({ read_at: new Date().toISOString() }).execute();
    // The same person again (the e-mail in another case, from another address): kept, not counted, still read.
    const again = await postForm(requestAction, ctx.db, "/request", { ...requestForm, email: "BO@Example.com", message: "Still waiting" });
    expect(again.result).toMatchObject({ ok: true, detail: "You have asked for this title before." });
    expect((await ctx.db.selectFrom("content_requests").select("read_at").executeTakeFirstOrThrow()).read_at).not.toBeNull();
    // Someone else behind the same address, with their own e-mail, is one more person.
    const shared = { context: { clientAddress: freshAddress() } };
    const colleague = await postForm(requestAction, ctx.db, "/request", { ...requestForm, email: "cy@example.com" }, shared);
    expect(colleague.result).toMatchObject({ detail: "2 people have asked for this title." });
    const colleagueAgain = await postForm(requestAction, ctx.db, "/request", { ...requestForm, email: "cy@example.com" }, shared);
    expect(colleagueAgain.result).toMatchObject({ detail: "You have asked for this title before; 2 people have asked in all." });
    // Without an e-mail (a request from search), the address is the person.
    const fromSearch = { tmdbId: "603", type: "movie", title: "The Matrix", year: "1999" };
    await ctx.db.updateTable("content_requests").set({ tmdb_id: 603 }).execute();
    const searched = await postForm(requestTitleAction, ctx.db, "/api/request-title", fromSearch, shared);
    expect(searched.result).toMatchObject({ detail: "You have asked for this title before; 2 people have asked in all." });
    const stranger = await postForm(requestTitleAction, ctx.db, "/api/request-title", fromSearch);
    expect(stranger.result).toMatchObject({ detail: "3 people have asked for this title." });

    const request = await ctx.db.selectFrom("content_requests").select("request_count").executeTakeFirstOrThrow();
    expect(Number(request.request_count)).toBe(3);
    expect(await count(ctx.db, "content_request_submissions")).toBe(6);
  });

  it("quick request: the same address asking for the same quality again is not one more person", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const ask = (clientAddress: string) =>
      postForm(
        titleAction,
        ctx.db,
        titlePath(title),
        { quality: "720p" },
        { params: { id: String(title.id), slug: title.slug }, context: { clientAddress } },
      );
    // Fresh addresses: the in-process form limit outlives a test.
    const [one, two] = [freshAddress(), freshAddress()];
    for (const address of [one, one, two]) expect((await ask(address)).result.ok).toBe(true);
    const request = await ctx.db.selectFrom("content_requests").select("request_count").executeTakeFirstOrThrow();
    expect(Number(request.request_count)).toBe(2);
    expect(await count(ctx.db, "content_request_submissions")).toBe(3);
  });

  it("quick request: stores the place rounded to 2 decimals, merges per title and quality, never the address", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const geoip = locatorFromBuffer(fixtureMmdb());
    const params = { id: String(title.id), slug: title.slug };
    const path = titlePath(title);
    const missing = await postForm(titleAction, ctx.db, path, {}, { params });
    expect(missing.status).toBe(400);
    expect(missing.result).toMatchObject({ fields: { quality: [QUICK_REQUEST_MESSAGES.quality] } });

    const first = await postForm(
      titleAction,
      ctx.db,
      path,
      { quality: "1080p 10bit" },
      { params, context: { geoip, clientAddress: "127.0.0.1" } },
    );
    expect(first.result).toEqual({ ok: true, message: "Thanks for requesting!", detail: null });
    await postForm(titleAction, ctx.db, path, { quality: "1080p 10bit" }, { params, context: { geoip, clientAddress: "::ffff:10.1.2.3" } });
    await postForm(titleAction, ctx.db, path, { quality: "4k" }, { params, context: { geoip: null, clientAddress: "127.0.0.2" } });
    const bad = await postForm(titleAction, ctx.db, path, { quality: "8k" }, { params });
    expect(bad.status).toBe(400);

    const requests = await ctx.db.selectFrom("content_requests").selectAll().orderBy("id").execute();
    expect(requests.map((r) => [r.title_id, r.quality, Number(r.request_count), r.source, r.title])).toEqual([
      [title.id, "1080p 10bit", 2, "quick", title.title],
      [title.id, "4k", 1, "quick", title.title],
    ]);
    const asked = await ctx.db.selectFrom("content_request_submissions").selectAll().orderBy("id").execute();
    const place = (s: (typeof asked)[number]) => [
      s.quality,
      s.country,
      s.region,
      s.city,
      s.latitude === null ? null : Number(s.latitude),
      s.longitude === null ? null : Number(s.longitude),
    ];
    expect(asked.map(place)).toEqual([
      ["1080p 10bit", "France", "Île-de-France", "Paris", 48.86, 2.35],
      ["1080p 10bit", "Japan", "Osaka", "Osaka", 34.69, 135.5],
      ["4k", null, null, null, null, null],
    ]);
    expect(FIXTURE_PLACES.loopback.latitude).not.toBe(48.86);
    for (const row of asked) {
      expect(JSON.stringify(row)).not.toMatch(/127\.0\.0\.|10\.1\.2\.3/);
      expect(row.source).toBe("quick");
    }
  });

  it("broken links: the content name is required; a report from a link's page carries the link; later ones join the open one", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const link = title.releases[0]!.files[0]!.links[0]!;
    const blank = await postForm(brokenLinksAction, ctx.db, "/broken-links", { ...report, contentName: "  " });
    expect(blank.status).toBe(400);
    expect(blank.result).toMatchObject({ error: REPORT_MESSAGES.contentName, fields: { contentName: ["Please enter the content name"] } });

    const request = new Request(`http://localhost/broken-links?linkId=${link.id}`);
    const page = await brokenLinksLoader(routeArgs(request, routeContext(ctx.db)));
    expect(page.values).toMatchObject({ linkId: String(link.id), contentName: title.title, quality: "720p" });

    const first = await postForm(brokenLinksAction, ctx.db, "/broken-links", { ...page.values, additionalInfo: "Dead" });
    expect(first.result).toEqual({
      ok: true,
      message: "Report submitted successfully! We will fix it as soon as possible.",
      received: `We received your report about the 720p ${page.values.linkType} link of “${title.title}”.`,
      detail: null,
    });
    await postForm(brokenLinksAction, ctx.db, "/broken-links", { ...report, linkId: String(link.id) });
    await postForm(brokenLinksAction, ctx.db, "/broken-links", { ...report, titleId: String(title.id) });
    await postForm(brokenLinksAction, ctx.db, "/broken-links", { ...report, linkId: "999999" });
    const rows = await ctx.db.selectFrom("link_reports").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.link_id, r.link_url, r.title_id, r.status])).toEqual([
      [link.id, link.url, title.id, "open"],
      [link.id, link.url, title.id, "open"],
      [null, null, title.id, "open"],
      [null, null, null, "open"],
    ]);
    expect(rows.map((r) => r.primary_id)).toEqual([null, rows[0]!.id, null, null]);
    expect(rows[0]).toMatchObject({ quality: "720p", additional_info: "Dead", season_episode: null });
  });

  it("DMCA: the spec's messages, and a URL of ours resolved to the catalogue items it names", async () => {
    const empty = await postForm(dmcaAction, ctx.db, "/dmca", {});
    expect(empty.status).toBe(400);
    expect(empty.result).toMatchObject({
      error: "Please fill in all required fields",
      fields: {
        name: [DMCA_MESSAGES.required],
        email: [DMCA_MESSAGES.required],
        contentUrl: [DMCA_MESSAGES.required],
        copyrightProof: [DMCA_MESSAGES.required],
        declaration: [DMCA_MESSAGES.required],
      },
    });
    const wrong = await postForm(dmcaAction, ctx.db, "/dmca", { ...dmca, email: "legal@", contentUrl: "not a url", declaration: "" });
    expect(wrong.result).toMatchObject({
      fields: {
        email: ["Please enter a valid email address"],
        contentUrl: ["Please enter a valid URL for the content"],
        declaration: [DMCA_MESSAGES.required],
      },
      values: { contentUrl: "not a url" },
    });

    const movie = await createTitle(ctx.db, buildMovie());
    const series = await createTitle(ctx.db, buildSeries());
    const movieLinks = movie.releases[0]!.files.flatMap((f) => f.links).map((l) => l.id);
    const release = series.releases[0]!;
    const episode = release.files[0]!;
    const origin = "https://cinedex.example";
    const cases: [string, { title_id: number; link_id: number | null }[]][] = [
      [`${origin}${titlePath(movie)}`, [{ title_id: movie.id, link_id: null }]],
      [
        `${origin}${linkDetailsPath(movie.id, movie.releases[0]!.key, { kind: "movie" })}`,
        movieLinks.map((id) => ({ title_id: movie.id, link_id: id })),
      ],
      [
        `${origin}${linkDetailsPath(series.id, release.key, { kind: "episode", id: episode.id })}`,
        episode.links.map((l) => ({ title_id: series.id, link_id: l.id })),
      ],
      [`${origin}/middleman?id=${movieLinks[0]}`, [{ title_id: movie.id, link_id: movieLinks[0]! }]],
      [`${origin}/page3?id=${movieLinks[0]}&url=x`, [{ title_id: movie.id, link_id: movieLinks[0]! }]],
      [`https://mirror.example${titlePath(movie)}`, []],
      [`${origin}/movie/999999/nothing`, []],
    ];
    for (const [contentUrl, expected] of cases) {
      const { result } = await postForm(dmcaAction, ctx.db, "/dmca", { ...dmca, contentUrl }, { context: { publicUrl: origin } });
      expect(result.ok, contentUrl).toBe(true);
      const notice = await ctx.db.selectFrom("dmca_notices").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(notice).toMatchObject({ content_url: contentUrl, status: "received", copyright_proof: "Registration PA-123", message: null });
      expect(Boolean(notice.declaration)).toBe(true);
      const targets = await ctx.db
        .selectFrom("dmca_notice_targets")
        .select(["title_id", "link_id", "origin"])
        .where("notice_id", "=", notice.id)
        .orderBy("id")
        .execute();
      expect(targets, contentUrl).toEqual(expected.map((t) => ({ ...t, origin: "url" })));
    }
  });

  it("answers a filled honeypot as a success and stores nothing", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const posts = [
      postForm(contactAction, ctx.db, "/contact-us", { ...contact, website: "http://spam.example" }),
      postForm(requestAction, ctx.db, "/request", { ...requestForm, website: "x" }),
      postForm(brokenLinksAction, ctx.db, "/broken-links", { ...report, website: "x" }),
      postForm(dmcaAction, ctx.db, "/dmca", { ...dmca, website: "x" }),
      postForm(
        titleAction,
        ctx.db,
        titlePath(title),
        { quality: "720p", website: "x" },
        { params: { id: String(title.id), slug: title.slug } },
      ),
    ];
    for (const { status, result } of await Promise.all(posts)) {
      expect(status).toBe(200);
      expect(result.ok).toBe(true);
    }
    for (const table of ["contact_messages", "content_requests", "link_reports", "dmca_notices"] as const)
      expect(await count(ctx.db, table)).toBe(0);
  });

  it("limits each client to 5 submissions a minute per form (429, typed values kept); other clients and forms are unaffected", async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const { status } = await postForm(
        contactAction,
        ctx.db,
        "/contact-us",
        { ...contact, message: `Message ${i}` },
        { context: { clientAddress: address } },
      );
      expect(status).toBe(200);
    }
    const sixth = await postForm(
      contactAction,
      ctx.db,
      "/contact-us",
      { ...contact, message: "Sixth" },
      { context: { clientAddress: address } },
    );
    expect(sixth.status).toBe(429);
    expect(sixth.result).toMatchObject({ ok: false, error: RATE_LIMITED, values: { message: "Sixth", name: "Ann Lee" } });
    // When to try again: within the minute's window.
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await postForm(contactAction, ctx.db, "/contact-us", contact)).status).toBe(200);
    expect((await postForm(dmcaAction, ctx.db, "/dmca", dmca, { context: { clientAddress: address } })).status).toBe(200);
    expect(await count(ctx.db, "contact_messages")).toBe(6);
  });

  it("answers 400, never 500, to duplicated fields, files and bodies that are not forms", async () => {
    const twice = await postForm(contactAction, ctx.db, "/contact-us", { ...contact, name: ["Ann", "Bo"] });
    expect(twice.status).toBe(400);
    expect(twice.result).toMatchObject({ fields: { name: [CONTACT_MESSAGES.required] } });
    const form = new FormData();
    for (const [k, v] of Object.entries(dmca)) form.append(k, v);
    form.set("copyrightProof", new Blob(["x"]), "proof.txt");
    expect((await postForm(dmcaAction, ctx.db, "/dmca", {}, { body: form })).status).toBe(400);
    // JSON goes through the same checks as a form post: numbers are not the strings a form sends.
    const json = await postForm(
      requestAction,
      ctx.db,
      "/request",
      {},
      { body: JSON.stringify({ ...requestForm, year: 1999 }), contentType: "application/json" },
    );
    expect(json.status).toBe(400);
    expect(json.result).toMatchObject({ fields: { year: [REQUEST_MESSAGES.yearInvalid] } });
    for (const body of ["{not json", "[1,2]", "null"]) {
      const broken = await postForm(requestAction, ctx.db, "/request", {}, { body, contentType: "application/json" });
      expect(broken.status).toBe(400);
      expect(broken.result).toMatchObject({ ok: false, error: BODY_UNREADABLE });
    }
    const text = await postForm(contactAction, ctx.db, "/contact-us", {}, { body: "name=Ann", contentType: "text/plain" });
    expect(text.status).toBe(415);
    const multipart = await postForm(
      contactAction,
      ctx.db,
      "/contact-us",
      {},
      { body: "--x\r\nbroken", contentType: "multipart/form-data; boundary=x" },
    );
    expect(multipart.status).toBe(400);
    const huge = await postForm(
      contactAction,
      ctx.db,
      "/contact-us",
      {},
      {
        body: new URLSearchParams({ ...contact, message: "x".repeat(300_000) }),
      },
    );
    expect(huge.status).toBe(413);
    expect(huge.result).toMatchObject({ ok: false, error: "This submission is too large. Please shorten the text and try again." });
    const declared = await postForm(contactAction, ctx.db, "/contact-us", contact, { headers: { "Content-Length": String(300_000) } });
    expect(declared.status).toBe(413);
    const nul = await postForm(contactAction, ctx.db, "/contact-us", { ...contact, message: "a\u0000b" });
    expect(nul.status).toBe(400);
    expect(await count(ctx.db, "contact_messages")).toBe(0);
  });
});

describeEachDatabase("visitor forms sent again with the same submission id", (ctx) => {
  const id = (n: number) => `sub-${n}-${Math.random().toString(36).slice(2, 10)}`;

  it("each form stores once and answers the same success; another id stores again", async () => {
    const title = await createTitle(ctx.db, buildMovie());
    const forms: {
      action: Parameters<typeof postForm>[0];
      path: string;
      fields: Record<string, string>;
      table: Parameters<typeof count>[1];
      params: Record<string, string>;
    }[] = [
      { action: contactAction, path: "/contact-us", fields: contact, table: "contact_messages" as const, params: {} },
      { action: requestAction, path: "/request", fields: requestForm, table: "content_request_submissions" as const, params: {} },
      { action: brokenLinksAction, path: "/broken-links", fields: report, table: "link_reports" as const, params: {} },
      { action: dmcaAction, path: "/dmca", fields: dmca, table: "dmca_notices" as const, params: {} },
      {
        action: titleAction,
        path: titlePath(title),
        fields: { quality: "720p" },
        table: "content_request_submissions" as const,
        params: { id: String(title.id), slug: title.slug },
      },
    ];
    for (const form of forms) {
      const before = await count(ctx.db, form.table);
      const fields = { ...form.fields, [SUBMISSION_ID_FIELD]: id(1) };
      const first = await postForm(form.action, ctx.db, form.path, fields, { params: form.params });
      const again = await postForm(form.action, ctx.db, form.path, fields, { params: form.params });
      expect(first.status, form.path).toBe(200);
      expect(again.status, form.path).toBe(200);
      expect(again.result, form.path).toEqual(first.result);
      expect(await count(ctx.db, form.table), form.path).toBe(before + 1);
    }
    // The same id on another kind of form is that form's own; a new id is a new submission.
    const shared = id(2);
    await postForm(contactAction, ctx.db, "/contact-us", { ...contact, [SUBMISSION_ID_FIELD]: shared });
    await postForm(dmcaAction, ctx.db, "/dmca", { ...dmca, [SUBMISSION_ID_FIELD]: shared });
    await postForm(contactAction, ctx.db, "/contact-us", { ...contact, [SUBMISSION_ID_FIELD]: id(3) });
    expect(await count(ctx.db, "contact_messages")).toBe(3);
    expect(await count(ctx.db, "dmca_notices")).toBe(2);
  });

  it("a resend after a 503 whose commit went through is answered the success and stored once", async () => {
    const restore = loseNextCommitAcknowledgement(ctx.dialect);
    try {
      const fields = { ...contact, [SUBMISSION_ID_FIELD]: id(4) };
      const first = await postForm(contactAction, ctx.db, "/contact-us", fields);
      expect(first.status).toBe(503);
      // The page drawn from the 503 carries the id back, so the visitor's resend is the same submission.
      expect(first.result).toMatchObject({ ok: false, values: { [SUBMISSION_ID_FIELD]: fields[SUBMISSION_ID_FIELD] } });
      const again = await postForm(contactAction, ctx.db, "/contact-us", fields);
      expect(again.status).toBe(200);
      expect(again.result).toMatchObject({ ok: true, message: CONTACT_MESSAGES.success });
      expect(await count(ctx.db, "contact_messages")).toBe(1);
    } finally {
      restore();
    }
  });

  it("a fault before the commit leaves no trace: the resend stores it", async () => {
    const outage = { armed: true };
    const faulty = ctx.db.withPlugin({
      transformQuery({ node }) {
        if (outage.armed && node.kind === "InsertQueryNode" && node.into?.table.identifier.name === "contact_messages")
          throw new DatabaseUnavailableError(new Error("Connection terminated unexpectedly"));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const fields = { ...contact, [SUBMISSION_ID_FIELD]: id(5) };
    expect((await postForm(contactAction, faulty, "/contact-us", fields)).status).toBe(503);
    expect(await count(ctx.db, "contact_messages")).toBe(0);
    outage.armed = false;
    expect((await postForm(contactAction, faulty, "/contact-us", fields)).result).toMatchObject({ ok: true });
    expect(await count(ctx.db, "contact_messages")).toBe(1);
  });

  it("two copies sent at once store one", async () => {
    const fields = { ...contact, [SUBMISSION_ID_FIELD]: id(6) };
    const answers = await Promise.all([1, 2, 3].map(() => postForm(contactAction, ctx.db, "/contact-us", fields)));
    for (const answer of answers) expect(answer.result).toMatchObject({ ok: true });
    expect(await count(ctx.db, "contact_messages")).toBe(1);
  });

  it("refuses a malformed submission id with 400 and stores nothing", async () => {
    for (const bad of ["short", "x".repeat(101), "has space in it", "<script>"]) {
      const { status, result } = await postForm(contactAction, ctx.db, "/contact-us", { ...contact, [SUBMISSION_ID_FIELD]: bad });
      expect(status).toBe(400);
      expect(result).toMatchObject({ ok: false, error: SUBMISSION_ID_INVALID });
    }
    expect(await count(ctx.db, "contact_messages")).toBe(0);
  });
});

describeEachDatabase("a request from search (POST /api/request-title), through the visitor-form pipeline", (ctx) => {
  const paprika = { tmdbId: "4977", type: "movie", title: "Paprika", year: "2006" };

  it("files a request merged by TMDB id and says how many asked", async () => {
    const first = await postForm(requestTitleAction, ctx.db, "/api/request-title", paprika);
    expect(first).toMatchObject({
      status: 200,
      result: { ok: true, message: REQUEST_MESSAGES.success, detail: askedCountMessage({ requestCount: 1, repeat: false }) },
    });
    const second = await postForm(requestTitleAction, ctx.db, "/api/request-title", { ...paprika, title: "Papurika" });
    expect(second.result).toMatchObject({ ok: true, detail: "2 people have asked for this title." });
    const rows = await ctx.db.selectFrom("content_requests").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: "Paprika",
      tmdb_id: 4977,
      year: 2006,
      content_type: "Movie",
      source: "tmdb-search",
      request_count: 2,
    });
  });

  it("refuses bad fields with 400 and stores nothing", async () => {
    for (const bad of [
      { ...paprika, tmdbId: "../1" },
      { ...paprika, tmdbId: "0" },
      { ...paprika, type: "game" },
      { ...paprika, title: "  " },
      { ...paprika, year: "1700" },
      { ...paprika, tmdbId: ["1", "2"] },
    ]) {
      const { status, result } = await postForm(requestTitleAction, ctx.db, "/api/request-title", bad);
      expect(status, JSON.stringify(bad)).toBe(400);
      expect(result).toMatchObject({ ok: false, error: REQUEST_MESSAGES.failure });
    }
    expect(await count(ctx.db, "content_requests")).toBe(0);
  });

  it("answers a filled honeypot as a success and stores nothing", async () => {
    const { status, result } = await postForm(requestTitleAction, ctx.db, "/api/request-title", { ...paprika, [HONEYPOT_FIELD]: "x" });
    expect(status).toBe(200);
    expect(result.ok).toBe(true);
    expect(await count(ctx.db, "content_requests")).toBe(0);
  });

  it("shares the forms' limit per client (keyed by the address's hash) and their size guard", async () => {
    const address = freshAddress();
    const post = (tmdbId: number) =>
      postForm(
        requestTitleAction,
        ctx.db,
        "/api/request-title",
        { ...paprika, tmdbId: String(tmdbId), title: `Title ${tmdbId}` },
        { context: { clientAddress: address } },
      );
    for (let i = 0; i < FORM_RATE_LIMIT.limit; i++) expect((await post(100 + i)).status).toBe(200);
    const over = await post(999);
    expect(over).toMatchObject({ status: 429, result: { ok: false, error: RATE_LIMITED } });
    const huge = await postForm(requestTitleAction, ctx.db, "/api/request-title", { ...paprika, title: "x".repeat(300_000) });
    expect(huge.status).toBe(413);
    expect(await count(ctx.db, "content_requests")).toBe(FORM_RATE_LIMIT.limit);
  });
});

describeEachDatabase(
  "Request on the pages that show it (search, a TMDB-only title): the page's own action, so it works without JavaScript",
  (ctx) => {
    const paprika = { tmdbId: "4977", type: "movie", title: "Paprika", year: "2006" };
    // Never called: the actions only need to know TMDB is configured (the button shows only then).
    const tmdb = createTmdbClient({ apiKey: "unused", readToken: null, baseUrl: "http://127.0.0.1:9", imageBase: "https://img.test/t/p" });

    it("files the request and names the title it was for, so the page marks that one button", async () => {
      const fromSearch = await postForm(
        searchAction,
        ctx.db,
        "/search?q=paprika",
        { ...paprika, tmdbId: "99123", type: "tv", title: "Paprika Kitchen" },
        { context: { tmdb } },
      );
      expect(fromSearch).toMatchObject({ status: 200, result: { ok: true, message: REQUEST_MESSAGES.success, subject: "tv-99123" } });
      const fromPage = await postForm(titleAction, ctx.db, "/movie/tmdb-4977/paprika", paprika, {
        context: { tmdb },
        params: { id: "tmdb-4977", slug: "paprika" },
      });
      expect(fromPage).toMatchObject({
        status: 200,
        result: { ok: true, subject: "movie-4977", detail: askedCountMessage({ requestCount: 1, repeat: false }) },
      });
      const rows = await ctx.db.selectFrom("content_requests").select(["tmdb_id", "source"]).orderBy("tmdb_id").execute();
      expect(rows).toEqual([
        { tmdb_id: 4977, source: "tmdb-search" },
        { tmdb_id: 99123, source: "tmdb-search" },
      ]);
    });

    it("a bad post keeps what was sent (the page finds its button by it); without a TMDB key the pages take no post", async () => {
      const bad = await postForm(searchAction, ctx.db, "/search?q=paprika", { ...paprika, year: "1700" }, { context: { tmdb } });
      expect(bad).toMatchObject({
        status: 400,
        result: { ok: false, error: REQUEST_MESSAGES.failure, values: { tmdbId: "4977", type: "movie" } },
      });
      await expect(postForm(searchAction, ctx.db, "/search?q=paprika", paprika)).rejects.toMatchObject({ init: { status: 405 } });
      await expect(
        postForm(titleAction, ctx.db, "/movie/tmdb-4977/paprika", paprika, { params: { id: "tmdb-4977", slug: "paprika" } }),
      ).rejects.toMatchObject({ init: { status: 404 } });
      expect(await count(ctx.db, "content_requests")).toBe(0);
    });
  },
);

describeEachDatabase("visitor forms and operator notifications", (ctx) => {
  it("a submission whose notifications fail (webhook down, SMTP refused) is stored and answered as a success", async () => {
    // Nothing listens on port 9 of the loopback: both deliveries are refused.
    await updateNotifySettings(
      ctx.db,
      { id: null, name: "Operator" },
      {
        recipients: ["ops@example.com"],
        webhookUrl: "http://127.0.0.1:9/hook",
        events: { requests: true, reports: true, contact: true, dmca: true },
      },
    );
    const notifier = createNotifier({
      smtp: { host: "127.0.0.1", port: 9, secure: false, user: null, password: null, from: "Cinedex <alerts@cinedex.example>" },
      timeoutMs: 1_000,
      // The dead webhook is on the loopback (WEBHOOK_ALLOW_PRIVATE=true).
      allowPrivateWebhooks: true,
    });
    try {
      const sent = await postForm(contactAction, ctx.db, "/contact-us", contact, { context: { notifier } });
      expect(sent).toMatchObject({ status: 200, result: { ok: true, message: "Message sent successfully! We'll get back to you soon." } });
      const notice = await postForm(dmcaAction, ctx.db, "/dmca", dmca, { context: { notifier } });
      expect(notice.status).toBe(200);
      expect(await notifier.drain(5_000)).toBe(true);
      expect(await count(ctx.db, "contact_messages")).toBe(1);
      expect(await count(ctx.db, "dmca_notices")).toBe(1);
      // The failure is kept for the settings screen.
      expect(await getLastDeliveryFailure(ctx.db)).toMatchObject({ kind: expect.stringMatching(/^(contact|dmca)$/) });
    } finally {
      await ctx.db.deleteFrom("settings").where("key", "like", "private.%").execute();
    }
  });
});

describeEachDatabase("visitor forms under load", (ctx) => {
  it(
    "200 concurrent submissions per form: stored rows equal accepted answers, identical ones merged once",
    { timeout: 120_000 },
    async () => {
      const title = await createTitle(ctx.db, buildMovie());
      const link = title.releases[0]!.files[0]!.links[0]!;
      const N = 200;
      // On a busy machine some posts may wait longer for a pooled connection than the bounded wait allows: those
      // are answered 503 and store nothing (ADR 022). Every other answer is a success, and is stored exactly once.
      const all = async (post: (i: number) => ReturnType<typeof postForm>) => {
        const answers = await Promise.all(Array.from({ length: N }, (_, i) => post(i)));
        expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
        const accepted = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
        expect(accepted.length).toBeGreaterThan(0);
        return accepted;
      };
      const contacts = await all((i) => postForm(contactAction, ctx.db, "/contact-us", { ...contact, message: `Load ${i}` }));
      expect(await count(ctx.db, "contact_messages")).toBe(contacts.length);
      const requests = await all((i) => postForm(requestAction, ctx.db, "/request", { ...requestForm, email: `asker${i}@example.com` }));
      expect(await count(ctx.db, "content_request_submissions")).toBe(requests.length);
      const merged = await ctx.db.selectFrom("content_requests").select("request_count").execute();
      expect(merged.map((r) => Number(r.request_count))).toEqual([requests.length]);
      const qualityOf = (i: number) => (i % 2 ? "720p" : "4k");
      const quickAccepted = await all((i) =>
        postForm(titleAction, ctx.db, titlePath(title), { quality: qualityOf(i) }, { params: { id: String(title.id), slug: title.slug } }),
      );
      const quick = await ctx.db
        .selectFrom("content_requests")
        .select(["quality", "request_count"])
        .where("source", "=", "quick")
        .orderBy("quality")
        .execute();
      const expected = ["4k", "720p"]
        .map((q) => [q, quickAccepted.filter((i) => qualityOf(i) === q).length] as const)
        .filter(([, n]) => n > 0);
      expect(quick.map((r) => [r.quality, Number(r.request_count)])).toEqual(expected);
      const reported = await all(() => postForm(brokenLinksAction, ctx.db, "/broken-links", { ...report, linkId: String(link.id) }));
      const reports = await ctx.db.selectFrom("link_reports").select("primary_id").execute();
      expect(reports).toHaveLength(reported.length);
      expect(reports.filter((r) => r.primary_id === null)).toHaveLength(1);
      const notices = await all(() => postForm(dmcaAction, ctx.db, "/dmca", dmca));
      expect(await count(ctx.db, "dmca_notices")).toBe(notices.length);
    },
  );
});
